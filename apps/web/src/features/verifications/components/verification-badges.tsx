import { createStatusBadge } from '../../../components/status-badge';
import { VERIFICATION_STATUS_LABELS } from '../../../lib/labels';

export const VerificationStatusBadge = createStatusBadge(VERIFICATION_STATUS_LABELS);

/** A verification list or its counters could not be loaded. */
export const VERIFICATIONS_LOAD_ERROR = 'Impossible de charger les vérifications. Veuillez réessayer.';

/** The focus key of a row's 'Voir' button: the focus goes there once the row's decision is made. */
export const viewKey = (id: number) => `verification-view-${id}`;
