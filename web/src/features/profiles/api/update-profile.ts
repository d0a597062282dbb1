import type { profileRoutes, TUpdateProfileRequest } from '@stagepass/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorsQueryKey } from '../../../lib/creators-query-key';
import { sessionQueryKey, type TSessionUser } from '../../../lib/session';
import { profileQueryKey } from './get-profile';

/** Saves the signed-in user's profile (the edit-account modal). */
export function updateProfile(body: TUpdateProfileRequest) {
  return requestRoute<typeof profileRoutes.updateProfile>('PUT /api/users/profile', { body });
}

/**
 * On success the new profile replaces the cached one (under the new username when it
 * changed) and the session, the one source of the signed-in person's name and picture in
 * the top bar and on their posts, takes the new name, username and photo at once. On failure every cached
 * query is invalidated, as the spec asks: what the form was built from may be out of date.
 */
export function useUpdateProfile({ previousUsername }: { previousUsername: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      const oldKey = profileQueryKey(previousUsername);
      const newKey = profileQueryKey(profile.username);
      if (oldKey[1] !== newKey[1]) queryClient.removeQueries({ queryKey: oldKey, exact: true });
      queryClient.setQueryData(newKey, profile);
      queryClient.setQueryData<TSessionUser | null>(sessionQueryKey, (user) =>
        user
          ? { ...user, name: profile.name, username: profile.username, imageAsset: profile.imageAsset }
          : user,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      // Creator cards show the name, avatar and bio too.
      void queryClient.invalidateQueries({ queryKey: creatorsQueryKey });
    },
    onError: () => void queryClient.invalidateQueries(),
  });
}
