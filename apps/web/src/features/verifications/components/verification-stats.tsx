import { StatGrid } from '../../../components/stat-grid';

export interface VerificationCounts {
  total: number;
  pending: number;
  verified: number;
  rejected: number;
  urgent: number;
}

/** The five counters (Total, En attente, Vérifiés, Rejetés, Urgents); dashes until they are known. */
export function VerificationStats({ counts }: { counts: VerificationCounts | undefined }) {
  return (
    <StatGrid
      cols={{ base: 2, sm: 3, lg: 5 }}
      items={[
        { label: 'Total', value: counts?.total, color: 'blue' },
        { label: 'En attente', value: counts?.pending, color: 'yellow' },
        { label: 'Vérifiés', value: counts?.verified, color: 'green' },
        { label: 'Rejetés', value: counts?.rejected, color: 'red' },
        { label: 'Urgents', value: counts?.urgent, color: 'orange' },
      ]}
    />
  );
}
