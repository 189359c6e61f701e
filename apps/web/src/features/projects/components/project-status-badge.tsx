import { createStatusBadge } from '../../../components/status-badge';
import { OFFER_STATUS_LABELS, PROJECT_STATUS_LABELS } from '../../../lib/labels';

export const ProjectStatusBadge = createStatusBadge(PROJECT_STATUS_LABELS);
export const OfferStatusBadge = createStatusBadge(OFFER_STATUS_LABELS);
