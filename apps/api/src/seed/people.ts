import { base, Faker, fr, pt_PT } from '@faker-js/faker';
import {
  ANGOLAN_FEMALE_FIRST_NAMES,
  ANGOLAN_LAST_NAMES,
  ANGOLAN_MALE_FIRST_NAMES,
  CITIES,
  EMAIL_DOMAINS,
  LUANDA_NEIGHBOURHOODS,
  MOBILE_PREFIXES,
  OTHER_NEIGHBOURHOODS,
  STREET_NAMES,
  STREET_TYPES,
} from './names.js';
import { hashString, type Random } from './random.js';

export interface Person {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phoneNumber: string | null;
}

/** Lower-case ASCII form of a name for usernames: 'João da Conceição' → 'joaodaconceicao'. */
export function slugifyName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z-]/g, '');
}

/** '+244 9XX XXX XXX' from nine digits starting with 9. */
export function formatAngolanPhone(digits: string): string {
  if (!/^9\d{8}$/.test(digits)) throw new Error(`Numéro angolais invalide : ${digits}`);
  return `+244 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

export function randomAngolanPhone(random: Random): string {
  let digits = `9${random.pick(MOBILE_PREFIXES)}`;
  for (let index = 0; index < 7; index += 1) digits += String(random.int(0, 9));
  return formatAngolanPhone(digits);
}

const USERNAME_SLOTS = 1 << 20;

/**
 * Makes people with French, Portuguese and Angolan names, unique usernames and e-mails. Uniqueness
 * without keeping every username: a per-hash counter gives each base name a strictly increasing suffix
 * (bases contain no digits, so `base` + counter never collides with another base).
 */
export class PeopleFactory {
  readonly #random: Random;
  readonly #french: Faker;
  readonly #portuguese: Faker;
  readonly #counters = new Uint32Array(USERNAME_SLOTS);
  readonly #reservedUsernames: Set<string>;
  readonly #reservedEmails: Set<string>;

  constructor(
    seed: number,
    random: Random,
    reserved: { usernames: Iterable<string>; emails: Iterable<string> } = { usernames: [], emails: [] },
  ) {
    this.#random = random;
    this.#french = new Faker({ locale: [fr, base] });
    this.#portuguese = new Faker({ locale: [pt_PT, base] });
    this.#french.seed(seed);
    this.#portuguese.seed((seed ^ 0x5bd1e995) >>> 0);
    this.#reservedUsernames = new Set([...reserved.usernames].map((name) => name.toLowerCase()));
    this.#reservedEmails = new Set([...reserved.emails].map((email) => email.toLowerCase()));
  }

  person(options: { name?: { firstName: string; lastName: string }; emailDomain?: string } = {}): Person {
    const random = this.#random;
    const name = options.name ?? this.#name();
    const first = slugifyName(name.firstName) || 'membre';
    const last = slugifyName(name.lastName) || 'kwanza';
    const style = random.weighted<'dot' | 'underscore' | 'initial'>([
      ['dot', 7],
      ['underscore', 2],
      ['initial', 2],
    ]);
    const baseName =
      style === 'dot'
        ? `${first}.${last}`
        : style === 'underscore'
          ? `${first}_${last}`
          : `${first.charAt(0)}${last}`;
    const domain = options.emailDomain ?? random.weighted(EMAIL_DOMAINS);
    const slot = hashString(baseName) & (USERNAME_SLOTS - 1);
    for (;;) {
      const count = this.#counters[slot] ?? 0;
      this.#counters[slot] = count + 1;
      const username = count === 0 ? baseName : `${baseName}${count + 1}`;
      const email = `${username}@${domain}`;
      if (this.#reservedUsernames.has(username) || this.#reservedEmails.has(email)) continue;
      return {
        firstName: name.firstName,
        lastName: name.lastName,
        username,
        email,
        phoneNumber: random.chance(0.96) ? randomAngolanPhone(random) : null,
      };
    }
  }

  city(): string {
    return this.#random.weighted(CITIES);
  }

  /** 'Rua Amílcar Cabral, n.º 123, Maianga' */
  address(city: string): string {
    const random = this.#random;
    const streetName = random.chance(0.6)
      ? random.pick(STREET_NAMES)
      : `${this.#portuguese.person.firstName()} ${this.#portuguese.person.lastName()}`;
    const neighbourhood =
      city === 'Luanda' ? random.pick(LUANDA_NEIGHBOURHOODS) : random.pick(OTHER_NEIGHBOURHOODS);
    return `${random.weighted(STREET_TYPES)} ${streetName}, n.º ${random.int(1, 480)}, ${neighbourhood}`;
  }

  /** A family name for company names. */
  lastName(): string {
    return this.#random.chance(0.5)
      ? this.#portuguese.person.lastName()
      : this.#random.pick(ANGOLAN_LAST_NAMES);
  }

  #name(): { firstName: string; lastName: string } {
    const random = this.#random;
    const sex = random.chance(0.5) ? 'female' : 'male';
    const origin = random.weighted<'portuguese' | 'french' | 'angolan'>([
      ['portuguese', 45],
      ['french', 35],
      ['angolan', 20],
    ]);
    const firstName =
      origin === 'angolan'
        ? random.pick(sex === 'female' ? ANGOLAN_FEMALE_FIRST_NAMES : ANGOLAN_MALE_FIRST_NAMES)
        : (origin === 'french' ? this.#french : this.#portuguese).person.firstName(sex);
    const lastOrigin = random.weighted<'portuguese' | 'french' | 'angolan'>([
      ['portuguese', 35],
      ['french', 30],
      ['angolan', 35],
    ]);
    const lastName =
      lastOrigin === 'angolan'
        ? random.pick(ANGOLAN_LAST_NAMES)
        : (lastOrigin === 'french' ? this.#french : this.#portuguese).person.lastName();
    return { firstName, lastName };
  }
}
