import type { Project, ProjectStatus } from '@kwanza/contract';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateProject } from '../api/update-project';
import { isProjectStatus, PROJECT_STATUS_OPTIONS } from '../project-status';

interface ProjectAdministrationProps {
  project: Project;
}

/** Status selector and admin notes, saved together ('Mettre à jour'). */
export function ProjectAdministration({ project }: ProjectAdministrationProps) {
  const [status, setStatus] = useState<ProjectStatus>(project.status);
  const [notes, setNotes] = useState(project.admin_notes ?? '');
  const update = useUpdateProject(String(project.id), {
    onSaved: (saved) => {
      setStatus(saved.status);
      setNotes(saved.admin_notes ?? '');
      notifySuccess('Statut du projet mis à jour avec succès');
    },
    onFailed: () => notifyError('Impossible de mettre à jour le statut du projet'),
  });

  // The button is never disabled while saving ('Mise à jour...'): it keeps the keyboard focus.
  const save = () => {
    if (!update.isPending) update.mutate({ status, admin_notes: notes });
  };

  return (
    <Stack gap="md" maw={560}>
      <Select
        label="Statut du projet"
        data={PROJECT_STATUS_OPTIONS}
        value={status}
        onChange={(value) => {
          if (isProjectStatus(value)) setStatus(value);
        }}
        allowDeselect={false}
      />
      <Textarea
        label="Notes administratives"
        placeholder="Ajoutez des notes internes sur ce projet..."
        rows={4}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
      <Group>
        <Button onClick={save} aria-disabled={update.isPending || undefined}>
          {update.isPending ? 'Mise à jour...' : 'Mettre à jour'}
        </Button>
      </Group>
    </Stack>
  );
}
