import { createStatusBadge } from '../../../components/status-badge';
import { VERIFICATION_STATUS_LABELS } from '../../../lib/labels';

export const VerificationStatusBadge = createStatusBadge(VERIFICATION_STATUS_LABELS);

/** A verification list or its counters could not be loaded. */
export const VERIFICATIONS_LOAD_ERROR = 'Impossible de charger les vérifications. Veuillez réessayer.';
