import type { NotificationType } from '@kwanza/contract';
import type { CatalogCategory } from './catalog.js';
import type { Random } from './random.js';

/* French texts of the demo data: descriptions, messages, reasons and notes. */

const PROJECT_OPENINGS = [
  'Bonjour, je recherche un prestataire sérieux pour ce travail.',
  'Nous cherchons un professionnel disponible rapidement.',
  'Bonjour à tous, voici mon besoin.',
  'Je lance cet appel d’offres pour un travail à réaliser dans les prochaines semaines.',
  'Projet urgent.',
];

const PROJECT_CLOSINGS = [
  'Merci d’indiquer vos disponibilités et un devis détaillé.',
  'Le paiement se fera en deux fois : 50 % au début et 50 % à la fin.',
  'Merci de préciser vos délais dans votre offre.',
  'Les prestataires vérifiés seront privilégiés.',
  'Je reste disponible pour toute question.',
];

export function projectDescription(random: Random, category: CatalogCategory, city: string | null): string {
  const parts = [random.pick(PROJECT_OPENINGS), ...random.sample(category.projectDetails, random.int(1, 2))];
  if (city && random.chance(0.5)) parts.push(`Le travail doit être réalisé à ${city}.`);
  parts.push(random.pick(PROJECT_CLOSINGS));
  return parts.join(' ');
}

const ADMIN_PROJECT_NOTES = [
  'Projet vérifié par la modération.',
  'Le client a été contacté par téléphone pour préciser le budget.',
  'Description modifiée à la demande du client.',
  'À surveiller : plusieurs signalements de prestataires.',
  'Mis en pause en attendant les documents du client.',
];

export function adminProjectNote(random: Random): string {
  return random.pick(ADMIN_PROJECT_NOTES);
}

const OFFER_MESSAGES = [
  'Bonjour, je suis disponible dès la semaine prochaine pour « {title} ».',
  'J’ai déjà réalisé plusieurs travaux similaires, je peux vous montrer des photos.',
  'Mon prix inclut le matériel et le déplacement.',
  'Bonjour, je peux commencer demain. Le devis est détaillé ci-dessous.',
  'Je vous propose un premier rendez-vous gratuit pour évaluer le travail.',
  'Travail garanti trois mois. N’hésitez pas à me contacter.',
];

export function offerMessage(random: Random, title: string): string {
  return random.pick(OFFER_MESSAGES).replace('{title}', title);
}

export const ESTIMATED_DURATIONS = [
  '2 jours',
  '3 jours',
  '1 semaine',
  '2 semaines',
  '3 semaines',
  '1 mois',
  '2 mois',
  'Selon disponibilité',
];

/** Title and description of a dispute, written together so that they match. */
const DISPUTE_STORIES: readonly (readonly [title: string, description: string])[] = [
  [
    'Travaux non terminés',
    'Le prestataire avait promis de terminer « {title} » en {days} jours, mais rien n’avance depuis deux semaines.',
  ],
  [
    'Retard de livraison important',
    'La livraison de « {title} » a déjà {days} jours de retard et le prestataire ne donne pas de nouvelle date.',
  ],
  [
    'Qualité du travail insuffisante',
    'Le résultat ne correspond pas à ce qui était prévu dans l’offre de {amount}. Des photos sont jointes.',
  ],
  [
    'Paiement non reçu',
    'Le client refuse de payer le solde de {amount} alors que « {title} » a été livré et validé oralement.',
  ],
  [
    'Prestataire injoignable',
    'J’ai payé {amount} d’avance et le prestataire ne répond plus aux messages ni aux appels depuis {days} jours.',
  ],
  [
    'Facturation supérieure au devis',
    'Le montant final demandé est bien supérieur au devis de {amount} accepté sur la plateforme.',
  ],
  [
    'Matériel endommagé pendant l’intervention',
    'Pendant l’intervention pour « {title} », du matériel a été abîmé et le prestataire refuse de le rembourser.',
  ],
  [
    'Annulation sans remboursement',
    'Le projet a été annulé au bout de {days} jours mais l’acompte de {amount} n’a jamais été rendu.',
  ],
];

export function disputeStory(
  random: Random,
  projectTitle: string,
  amount: string,
): { title: string; description: string } {
  const [title, description] = random.pick(DISPUTE_STORIES);
  return {
    title,
    description: description
      .replace('{title}', projectTitle)
      .replace('{amount}', amount)
      .replace('{days}', String(random.int(3, 20))),
  };
}

const RESOLUTION_NOTES = [
  'Remboursement partiel de 50 % accordé au client après examen des preuves.',
  'Le prestataire a terminé les travaux, le litige est clos.',
  'Accord trouvé entre les deux parties par médiation.',
  'Preuves insuffisantes : aucune action n’a été prise.',
  'Remboursement intégral du client, avertissement envoyé au prestataire.',
  'Le client a confirmé la réception du travail.',
];

export function resolutionNote(random: Random): string {
  return random.pick(RESOLUTION_NOTES);
}

const EVIDENCE_DESCRIPTIONS = [
  'Photo des travaux à la date prévue de fin',
  'Capture d’écran de la conversation',
  'Reçu du paiement Multicaixa',
  'Photo du matériel endommagé',
  'Devis signé',
];

export function evidenceDescription(random: Random): string | null {
  return random.chance(0.85) ? random.pick(EVIDENCE_DESCRIPTIONS) : null;
}

const REPORT_REASONS = [
  'Spam',
  'Faux profil',
  'Propos insultants',
  'Comportement inapproprié',
  'Arnaque suspectée',
  'Le prestataire a demandé un paiement en dehors de la plateforme avant de commencer les travaux.',
  'Les photos de réalisations de ce profil sont copiées depuis un autre site, ce n’est pas son travail.',
  'Cet utilisateur m’envoie des messages publicitaires répétés malgré mes refus.',
  'L’avis publié contient des informations personnelles et des insultes envers mon entreprise.',
  'Avis mensonger : cette personne n’a jamais été cliente.',
  'Le prestataire ne s’est pas présenté au rendez-vous et refuse de rendre l’acompte versé.',
  'Numéro de téléphone invalide et adresse inexistante, je pense qu’il s’agit d’un faux compte créé pour escroquer les clients de la plateforme.',
];

export function reportReason(random: Random): string {
  return random.pick(REPORT_REASONS);
}

const REPORT_NOTES = [
  'Utilisateur averti par e-mail.',
  'Aucune preuve trouvée après vérification.',
  'Compte suspendu temporairement.',
  'En attente de la réponse de l’utilisateur signalé.',
  'Doublon d’un signalement précédent.',
];

export function reportNote(random: Random): string {
  return random.pick(REPORT_NOTES);
}

const REJECTION_REASONS = [
  'Document illisible, merci de fournir une photo plus nette.',
  'Le selfie ne correspond pas à la pièce d’identité.',
  'Document expiré.',
  'Le verso de la carte d’identité est manquant.',
  'Le NIF indiqué ne correspond pas à l’entreprise déclarée.',
  'Les informations du document ne correspondent pas au profil.',
];

export function rejectionReason(random: Random): string {
  return random.pick(REJECTION_REASONS);
}

const VERIFICATION_NOTES = [
  'Documents conformes.',
  'Vérifié par appel téléphonique.',
  'Photo floue mais lisible.',
  'Entreprise confirmée auprès du guichet unique.',
  'Deuxième soumission après un premier rejet.',
];

export function verificationNote(random: Random): string {
  return random.pick(VERIFICATION_NOTES);
}

export function providerBio(random: Random, skills: readonly string[], city: string): string {
  const years = random.int(2, 20);
  return random.pick([
    `Professionnel basé à ${city}, ${years} ans d’expérience.`,
    `Spécialiste ${skills[0] ?? 'multiservices'} à ${city}.`,
    `Travail soigné et ponctuel depuis ${years} ans.`,
    `Artisan de confiance à ${city}, devis gratuit.`,
  ]);
}

export function providerDescription(random: Random, skills: readonly string[], city: string): string {
  const list = skills.slice(0, 3).join(', ').toLowerCase();
  return random.pick([
    `J’interviens à ${city} et dans les environs pour tous vos besoins en ${list}. Devis gratuit sous 24 heures.`,
    `Notre équipe propose ${list}. Nous travaillons avec des particuliers et des entreprises depuis plusieurs années.`,
    `Passionné par mon métier, je mets un point d’honneur à livrer un travail de qualité dans les délais. Compétences : ${list}.`,
  ]);
}

export function businessDescription(random: Random, skills: readonly string[], city: string): string {
  return random.pick([
    `Entreprise de services basée à ${city}, spécialisée en ${skills.slice(0, 2).join(' et ').toLowerCase()}.`,
    `Société enregistrée à ${city} avec une équipe de ${random.int(3, 40)} employés.`,
    `Petite entreprise familiale active dans la province depuis ${random.int(2, 25)} ans.`,
  ]);
}

const CLIENT_OPENERS = [
  'Bonjour, votre offre pour « {title} » m’intéresse.',
  'Bonjour, êtes-vous disponible cette semaine ?',
  'Bonsoir, j’ai vu votre profil, pouvez-vous me rappeler ?',
  'Bonjour, pouvez-vous passer voir le travail avant de confirmer le prix ?',
];

const CLIENT_LINES = [
  'D’accord, cela me convient.',
  'Est-ce que le prix inclut le matériel ?',
  'Pouvez-vous commencer lundi ?',
  'Merci, je vous envoie l’adresse exacte.',
  'Le paiement peut se faire par Multicaixa Express ?',
  'J’ai reçu les photos, c’est parfait.',
  'Il reste encore quelques finitions à faire.',
  'Quand pensez-vous terminer ?',
];

const PROVIDER_LINES = [
  'Bonjour, oui je suis disponible.',
  'Le matériel est compris dans le devis.',
  'Je peux passer demain matin vers 9 h.',
  'Je vous envoie des photos de mes derniers travaux.',
  'Le travail sera terminé d’ici vendredi.',
  'Merci pour votre confiance !',
  'Il faudra prévoir 10 000 AOA de plus pour les pièces.',
  'C’est terminé, pouvez-vous vérifier ?',
];

const ADMIN_LINES = [
  'Bonjour, ici l’équipe de modération. Merci de garder les échanges et les paiements sur la plateforme.',
  'Message de l’équipe Kwanza : nous avons bien reçu votre signalement et nous suivons cette conversation.',
  'Rappel : ne partagez pas vos coordonnées bancaires dans la messagerie.',
];

export function conversationMessage(
  random: Random,
  senderType: 'client' | 'provider' | 'admin',
  position: number,
  title: string | null,
): string {
  if (senderType === 'admin') return random.pick(ADMIN_LINES);
  if (senderType === 'client' && position === 0) {
    return random.pick(CLIENT_OPENERS).replace('{title}', title ?? 'votre service');
  }
  return random.pick(senderType === 'client' ? CLIENT_LINES : PROVIDER_LINES);
}

export interface NotificationText {
  title: string;
  message: string;
}

/** Title and message of a notification of each type (subject: a project title, a name...). */
export function notificationText(type: NotificationType, subject: string): NotificationText {
  switch (type) {
    case 'message':
    case 'new_message':
      return { title: 'Nouveau message', message: `Vous avez reçu un nouveau message de ${subject}.` };
    case 'review':
    case 'new_review':
      return { title: 'Nouvel avis', message: `${subject} a publié un nouvel avis.` };
    case 'favorite':
      return { title: 'Nouveau favori', message: `${subject} a ajouté un profil à ses favoris.` };
    case 'dispute':
      return { title: 'Litige mis à jour', message: `Le litige « ${subject} » a changé de statut.` };
    case 'new_dispute':
      return { title: 'Nouveau litige', message: `Un nouveau litige a été ouvert : « ${subject} ».` };
    case 'system':
      return {
        title: 'Maintenance planifiée',
        message: 'La plateforme sera en maintenance dimanche de 2 h à 4 h (heure de Luanda).',
      };
    case 'quote_request':
      return { title: 'Demande de devis', message: `Nouvelle demande de devis pour « ${subject} ».` };
    case 'quote_accepted':
      return { title: 'Devis accepté', message: `Le devis pour « ${subject} » a été accepté.` };
    case 'quote_rejected':
      return { title: 'Devis rejeté', message: `Le devis pour « ${subject} » a été rejeté.` };
    case 'quote_completed':
      return { title: 'Devis terminé', message: `Les travaux de « ${subject} » sont terminés.` };
    case 'new_offer':
      return { title: 'Nouvelle offre', message: `Une nouvelle offre a été reçue pour « ${subject} ».` };
    case 'offer_accepted':
      return { title: 'Offre acceptée', message: `L’offre pour « ${subject} » a été acceptée.` };
    case 'offer_rejected':
      return { title: 'Offre rejetée', message: `L’offre pour « ${subject} » a été rejetée.` };
    case 'new_project':
      return { title: 'Nouveau projet', message: `Nouveau projet publié : « ${subject} ».` };
    case 'verification_pending':
      return { title: 'Vérification en attente', message: `${subject} a soumis ses documents d’identité.` };
    case 'verification_approved':
      return { title: 'Vérification approuvée', message: `La vérification de ${subject} a été approuvée.` };
    case 'verification_rejected':
      return { title: 'Vérification rejetée', message: `La vérification de ${subject} a été rejetée.` };
  }
}
