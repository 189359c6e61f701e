import {
  AUDIT_ACTION_LABELS,
  AUDIT_OBJECT_TYPE_LABELS,
  AuditAction,
  AuditObjectType,
  RowId,
} from '@kwanza/contract';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { SearchInput } from '../../../components/search-input';
import { displayPersonName } from '../../../lib/audit';
import type { ListParamsHandle } from '../../../lib/list-params';
import { useAdmins } from '../api/list-admins';
import type { AUDIT_LIST_PARAMS } from '../audit-list-params';

const ACTION_OPTIONS = [
  { value: '', label: 'Toutes les actions' },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

const OBJECT_TYPE_OPTIONS = [
  { value: '', label: 'Tous les objets' },
  ...Object.entries(AUDIT_OBJECT_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type AuditListHandle = ListParamsHandle<typeof AUDIT_LIST_PARAMS.schema.shape>;

/** The journal's filters: text, admin, action, object (type and id) and period, all on the server. */
export function AuditFilters({ list }: { list: AuditListHandle }) {
  const { params, update, stage } = list;
  const admins = useAdmins();
  const adminOptions = [
    { value: '', label: 'Tous les administrateurs' },
    ...(admins.data?.results ?? []).map((admin) => ({
      value: String(admin.id),
      label: `${displayPersonName(admin)} (${admin.email})`,
    })),
  ];
  const filtered = Boolean(
    params.search ||
      params.admin ||
      params.action ||
      params.object_type ||
      params.object_id ||
      params.date_from ||
      params.date_to,
  );

  return (
    <form
      aria-label="Filtrer le journal d'audit"
      onSubmit={(event) => {
        event.preventDefault();
        update({ page: 1 });
      }}
    >
      <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
        <SearchInput
          label="Recherche"
          placeholder="Administrateur, objet, adresse IP..."
          value={params.search ?? ''}
          onSearch={(search) => update({ search })}
          onDraftChange={(search) => stage({ search })}
          debounceMs={null}
          syncKey={list.urlKey}
          width={260}
        />
        <Select
          label="Administrateur"
          data={adminOptions}
          value={params.admin === undefined ? '' : String(params.admin)}
          allowDeselect={false}
          searchable
          onChange={(value) => update({ admin: RowId.safeParse(value ?? '').data })}
          w={260}
        />
        <Select
          label="Action"
          data={ACTION_OPTIONS}
          value={params.action ?? ''}
          allowDeselect={false}
          searchable
          onChange={(value) => update({ action: AuditAction.safeParse(value).data })}
          w={300}
        />
        <Select
          label="Type d'objet"
          data={OBJECT_TYPE_OPTIONS}
          value={params.object_type ?? ''}
          allowDeselect={false}
          onChange={(value) => {
            const type = AuditObjectType.safeParse(value).data;
            update(type ? { object_type: type } : { object_type: undefined, object_id: undefined });
          }}
          w={220}
        />
        <TextInput
          label="ID de l'objet"
          inputMode="numeric"
          disabled={!params.object_type}
          value={params.object_id === undefined ? '' : String(params.object_id)}
          onChange={(event) => update({ object_id: RowId.safeParse(event.currentTarget.value).data })}
          w={120}
        />
        <TextInput
          label="Du"
          type="date"
          value={params.date_from ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === '' || DATE.test(value)) update({ date_from: value || undefined });
          }}
          w={160}
        />
        <TextInput
          label="Au"
          type="date"
          value={params.date_to ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (value === '' || DATE.test(value)) update({ date_to: value || undefined });
          }}
          w={160}
        />
        <Button type="submit">Rechercher</Button>
        {filtered ? (
          <Button
            variant="default"
            onClick={() =>
              update({
                search: undefined,
                admin: undefined,
                action: undefined,
                object_type: undefined,
                object_id: undefined,
                date_from: undefined,
                date_to: undefined,
              })
            }
          >
            Réinitialiser
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
