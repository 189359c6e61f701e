import type { User } from '@kwanza/contract';
import { createStatusBadge, StatusBadge } from '../../../components/status-badge';
import { USER_ROLE_LABELS, VERIFICATION_STATUS_LABELS } from '../../../lib/labels';

export const RoleBadge = createStatusBadge(USER_ROLE_LABELS);
const VerificationStatusBadge = createStatusBadge(VERIFICATION_STATUS_LABELS);

/** Provider: status of the latest verification; client: phone verified or not; admin: 'Admin'. */
export function UserVerificationBadge({ user }: { user: User }) {
  if (user.role === 'admin') return <RoleBadge value="admin" />;
  if (user.role === 'client') {
    return user.is_phone_verified ? (
      <StatusBadge label="Tél. vérifié" color="green" />
    ) : (
      <StatusBadge label="Tél. non vérifié" color="gray" />
    );
  }
  return <VerificationStatusBadge value={user.provider_verification.status} />;
}
