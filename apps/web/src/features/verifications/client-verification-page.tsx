import { PageHeader } from '../../components/page-header';
import { ClientVerificationsPanel } from './components/client-verifications-panel';

/** /client-verification: the client verifications on their own screen. */
export default function ClientVerificationPage() {
  return (
    <>
      <PageHeader title="Vérifications Clients" />
      <ClientVerificationsPanel identity="username" />
    </>
  );
}
