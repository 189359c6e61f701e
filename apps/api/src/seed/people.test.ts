import { describe, expect, it } from 'vitest';
import { formatAngolanPhone, PeopleFactory, randomAngolanPhone, slugifyName } from './people.js';
import { Random } from './random.js';

const PHONE_PATTERN = /^\+244 9[1-59]\d \d{3} \d{3}$/;

describe('Angolan phone numbers', () => {
  it('formats nine digits as +244 9XX XXX XXX', () => {
    expect(formatAngolanPhone('923456789')).toBe('+244 923 456 789');
  });

  it('refuses numbers that are not Angolan mobiles', () => {
    expect(() => formatAngolanPhone('823456789')).toThrow();
    expect(() => formatAngolanPhone('92345678')).toThrow();
  });

  it('generates numbers in the expected format', () => {
    const random = new Random(1);
    for (let index = 0; index < 200; index += 1) expect(randomAngolanPhone(random)).toMatch(PHONE_PATTERN);
  });
});

describe('slugifyName', () => {
  it('drops accents, spaces and apostrophes', () => {
    expect(slugifyName('João da Conceição')).toBe('joaodaconceicao');
    expect(slugifyName("N'Zola")).toBe('nzola');
    expect(slugifyName('Jean-Élie')).toBe('jean-elie');
  });
});

describe('PeopleFactory', () => {
  it('gives unique usernames and e-mails, avoiding reserved ones', () => {
    const random = new Random(5);
    const factory = new PeopleFactory(5, random, { usernames: ['elodie.moreira'], emails: [] });
    const featured = factory.person({ name: { firstName: 'Élodie', lastName: 'Moreira' } });
    expect(featured.username).not.toBe('elodie.moreira');
    const usernames = new Set<string>([featured.username]);
    const emails = new Set<string>([featured.email]);
    for (let index = 0; index < 20_000; index += 1) {
      const person = factory.person();
      expect(person.username).toMatch(/^[a-z][a-z._-]*\d*$/);
      usernames.add(person.username);
      emails.add(person.email);
    }
    expect(usernames.size).toBe(20_001);
    expect(emails.size).toBe(20_001);
  });

  it('is deterministic for a seed', () => {
    const make = () => {
      const factory = new PeopleFactory(9, new Random(9));
      return Array.from({ length: 50 }, () => factory.person());
    };
    expect(make()).toEqual(make());
  });
});
