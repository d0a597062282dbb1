import type { supportRoutes, TSupportersResponse, TSupportReceived } from '@stagepass/contract/support';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { supportersQueryKey } from './list-supporters';

/** PUT /api/creator/supporters/:supportId/message: hides a fan's message, or shows it again. */
export function setSupportMessageHidden({ supportId, isHidden }: { supportId: string; isHidden: boolean }) {
  return requestRoute<typeof supportRoutes.setSupportMessageHidden>(
    'PUT /api/creator/supporters/:supportId/message',
    { params: { supportId }, body: { isHidden } },
  );
}

/** Hides or shows a message and puts the answer in place in the loaded pages. */
export function useSetSupportMessageHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSupportMessageHidden,
    onSuccess: ({ support }) => {
      queryClient.setQueryData<InfiniteData<TSupportersResponse>>(supportersQueryKey, (data) =>
        data ? patchSupport(data, support) : data,
      );
    },
  });
}

export function patchSupport(
  data: InfiniteData<TSupportersResponse>,
  support: TSupportReceived,
): InfiniteData<TSupportersResponse> {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      supports: page.supports.map((one) => (one.supportId === support.supportId ? support : one)),
    })),
  };
}
