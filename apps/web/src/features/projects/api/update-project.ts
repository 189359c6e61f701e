import type { Project, UpdateProjectBody } from '@kwanza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { projectKeys } from './project-keys';

export function updateProject(id: string, body: UpdateProjectBody): Promise<Project> {
  return apiRequest<Project>(`/admin/projects/${encodeURIComponent(id)}/`, { method: 'PATCH', body });
}

/** Saves status and admin notes; the detail takes the answer, lists and statistics reload. */
export function useUpdateProject(
  id: string,
  callbacks: { onSaved?: (project: Project) => void; onFailed?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(id, body),
    onError: (error) => callbacks.onFailed?.(error),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(id), project);
      callbacks.onSaved?.(project);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
