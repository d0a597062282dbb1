import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { MenuList } from '../../ui/menu-list';
import { buildPageOptionItems } from './profile-options';

/**
 * `?modal=page-more-options-menu`: the owner's options as a query-driven modal. The profile
 * page itself shows the same items as a dropdown, or a bottom sheet on mobile.
 */
export default function PageMoreOptionsModal(_props: ModalBodyProps) {
  // Every item is a link: the route change closes the modal.
  return <MenuList label="Page options" items={buildPageOptionItems()} onItemChosen={() => {}} />;
}
