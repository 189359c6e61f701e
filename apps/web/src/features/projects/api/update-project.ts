import { Project, type UpdateProjectBody } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function updateProject(id: string, body: UpdateProjectBody): Promise<Project> {
  return apiFetch(`/admin/projects/${encodeURIComponent(id)}/`, Project, { method: 'PATCH', body });
}

/** Saves status and admin notes; the detail takes the answer, lists and statistics reload. */
export function useUpdateProject(
  id: string,
  callbacks: { onSaved?: (project: Project) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(id, body),
    meta: { invalidates: [queryKeys.projects.all, queryKeys.dashboard.all] },
    onError: (error) => callbacks.onFailed?.(error),
    onSuccess: (project) => {
      queryClient.setQueryData(queryKeys.projects.detail(id), project);
      callbacks.onSaved?.(project);
    },
  });
}
