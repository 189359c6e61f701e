import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';

export function deleteProject(id: number): Promise<void> {
  return apiRequest<void>(`/admin/projects/${id}/`, { method: 'DELETE' });
}

/** Deletes a project (and its offers); lists, statistics and the dashboard reload. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    meta: { invalidates: [queryKeys.projects.all, queryKeys.dashboard.all] },
    onSuccess: (_result, id) =>
      queryClient.removeQueries({ queryKey: queryKeys.projects.detail(String(id)) }),
  });
}
