import { readFailureMessage } from '../../lib/form-request';
import { useConfirm } from '../../lib/modals/use-confirm';
import { toast } from '../../lib/toast';
import type { MenuItem } from '../menu-items';
import { ChartIcon, ImageIcon, MoreIcon, TrashIcon } from '../page-icons';
import { ResponsiveMenu } from '../responsive-menu';

/** What a removal or a deletion says: the server's answer, or why it failed, in a toast. */
export type OutcomeToasts = {
  onSuccess: (answer: { message: string }) => void;
  onError: (error: Error) => void;
};

const outcomeToasts: OutcomeToasts = {
  onSuccess: (answer) => toast.success(answer.message),
  onError: (error) => toast.error(readFailureMessage(error)),
};

type ItemOptionsProps = {
  /** The item's title, said in the menu's name and in the confirm alerts. */
  title: string;
  /** 'video', 'track': "the cover … will be deleted; the video stays". */
  noun: string;
  triggerClassName: string;
  /** Items before Performance (a video's Edit). */
  leadingItems?: MenuItem[];
  isPerformanceShown: boolean;
  onTogglePerformance: () => void;
  /** Null: no Remove cover. */
  coverPublicId: string | null;
  /** Sends the removal (after the confirm alert), saying its outcome with the toasts given. */
  onRemoveCover: (coverPublicId: string, toasts: OutcomeToasts) => void;
  /** 'Delete video', 'Delete track': the item's label and the confirm alert's title. */
  deleteLabel: string;
  deleteMessage: string;
  /** Sends the deletion (after the confirm alert), saying its outcome with the toasts given. */
  onDelete: (toasts: OutcomeToasts) => void;
};

/**
 * The author's menu of one item of a library (a dropdown, or a bottom sheet on a phone):
 * what the library puts first, Performance, Remove cover when it has one, and Delete; the
 * last two behind the confirm alert, and what the server answers said in a toast.
 */
export function ItemOptions({
  title,
  noun,
  triggerClassName,
  leadingItems = [],
  isPerformanceShown,
  onTogglePerformance,
  coverPublicId,
  onRemoveCover,
  deleteLabel,
  deleteMessage,
  onDelete,
}: ItemOptionsProps) {
  const confirm = useConfirm();

  async function askAndDelete() {
    const isConfirmed = await confirm({ type: 'delete', title: deleteLabel, message: deleteMessage });
    if (isConfirmed) onDelete(outcomeToasts);
  }

  async function askAndRemoveCover(publicId: string) {
    const isConfirmed = await confirm({
      type: 'delete',
      title: 'Remove cover',
      message: `The cover of “${title}” will be deleted; the ${noun} stays.`,
    });
    if (isConfirmed) onRemoveCover(publicId, outcomeToasts);
  }

  const items: MenuItem[] = [
    ...leadingItems,
    {
      kind: 'action',
      label: isPerformanceShown ? 'Hide performance' : 'Performance',
      onSelect: onTogglePerformance,
      icon: <ChartIcon />,
    },
  ];
  if (coverPublicId) {
    items.push({
      kind: 'action',
      label: 'Remove cover',
      onSelect: () => void askAndRemoveCover(coverPublicId),
      icon: <ImageIcon />,
    });
  }
  items.push({
    kind: 'action',
    label: deleteLabel,
    onSelect: () => void askAndDelete(),
    icon: <TrashIcon />,
    isDestructive: true,
  });

  return (
    <ResponsiveMenu
      label={`Options for ${title}`}
      sheetTitle={title}
      triggerClassName={triggerClassName}
      trigger={<MoreIcon />}
      items={items}
    />
  );
}
