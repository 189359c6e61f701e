import { createStatusBadge } from '../../../components/status-badge';
import { DISPUTE_STATUS_LABELS } from '../../../lib/labels';

/** En attente, En cours d'examen, Résolu, Fermé. */
export const DisputeStatusBadge = createStatusBadge(DISPUTE_STATUS_LABELS);
