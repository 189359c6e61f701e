import UsersPage from '../features/users/users-page';
import { ProviderVerificationDetailModal } from '../features/verifications/components/provider-verification-detail-modal';

/**
 * /users: the users list, where 'Voir' opens the provider verification detail of the verifications
 * feature over the list. app/ composes the two features (they never import each other).
 */
export default function UsersScreen() {
  return <UsersPage verificationDetail={ProviderVerificationDetailModal} />;
}
