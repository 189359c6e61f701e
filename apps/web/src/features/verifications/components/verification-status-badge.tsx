import type { VerificationStatusFilter } from '@kwanza/contract';
import { StatusBadge } from '../../../components/status-badge';
import { STATUS_LABELS } from './verification-labels';

export function VerificationStatusBadge({ status }: { status: VerificationStatusFilter }) {
  const { label, color } = STATUS_LABELS[status];
  return <StatusBadge label={label} color={color} />;
}
