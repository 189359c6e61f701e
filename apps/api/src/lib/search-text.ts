import { normalizeSearchText } from '@kwanza/contract';

/*
 * What each `search_text` column holds (normalized: lower case, no accents). Every writer — the
 * seed, the repositories, the test factories — builds it through these functions so that search
 * finds the same rows whoever wrote them.
 *
 * A non-empty text starts with a space: every word then follows a space, the first one included, so
 * that a short term (one or two characters, too short for a trigram) is searched as the start of a
 * word, ' ' + term, which the text indexes serve (db/search.ts).
 */

function joinNormalized(parts: Array<string | null | undefined>): string {
  const text = normalizeSearchText(parts.filter(Boolean).join(' '));
  return text === '' ? '' : ` ${text}`;
}

/** What a user is searched by. */
export interface UserText {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

/** users.search_text: username, first and last name, e-mail and phone. */
export function userSearchText(user: UserText): string {
  return joinNormalized([user.username, user.first_name, user.last_name, user.email, user.phone_number]);
}

/**
 * provider_profiles.search_text: name, username, company, city, e-mail and phone: all a provider is
 * searched by, so that the providers list searches one text index.
 */
export function providerSearchText(
  user: {
    username: string;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string | null;
  },
  profile: { company_name: string | null; city: string | null },
): string {
  return joinNormalized([
    user.first_name,
    user.last_name,
    user.username,
    profile.company_name,
    profile.city,
    user.email,
    user.phone_number,
  ]);
}

/** projects.search_text: title, description and the client's first name, last name and username. */
export function projectSearchText(
  project: { title: string; description: string },
  client: { first_name: string; last_name: string; username: string },
): string {
  return joinNormalized([
    project.title,
    project.description,
    client.first_name,
    client.last_name,
    client.username,
  ]);
}

/**
 * provider_verifications.search_text: its provider's `users.search_text`, then the business name: a
 * verification is found by either through its own text index alone.
 */
export function providerVerificationSearchText(
  user: UserText,
  verification: { business_name: string | null },
): string {
  return userSearchText(user) + joinNormalized([verification.business_name]);
}

/** disputes.search_text: title, service title and description (parties are searched through users). */
export function disputeSearchText(dispute: {
  title: string;
  service_title: string | null;
  description: string;
}): string {
  return joinNormalized([dispute.title, dispute.service_title, dispute.description]);
}

/** reports.search_text: the reason (reporter and reported user are searched through users). */
export function reportSearchText(report: { reason: string }): string {
  return joinNormalized([report.reason]);
}

/** notifications.search_text: title and message. */
export function notificationSearchText(notification: { title: string; message: string }): string {
  return joinNormalized([notification.title, notification.message]);
}

/**
 * categories.name_key and subcategories.name_key: the name as it is compared for uniqueness (lower
 * case, no accents, inner spaces collapsed), so 'Électricité' and 'electricite' are one name.
 */
export function catalogueNameKey(name: string): string {
  return normalizeSearchText(name).replace(/\s+/g, ' ');
}
