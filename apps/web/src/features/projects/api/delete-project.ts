import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { projectKeys } from './project-keys';

export function deleteProject(id: number): Promise<void> {
  return apiRequest<void>(`/admin/projects/${id}/`, { method: 'DELETE' });
}

/** Deletes a project (and its offers); lists, statistics and the dashboard reload. */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(String(id)) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
