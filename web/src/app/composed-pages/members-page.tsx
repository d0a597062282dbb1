import { MembersPage } from '../../features/members/members-page';
import { SupportersSection } from '../../features/support/components/supporters-section';

/**
 * /members: the members feature's page with the support feature's Supporters section (fans'
 * support and their messages). Features do not import each other's components, so the app
 * puts them together.
 */
export default function MembersPageWithSupporters() {
  return <MembersPage supporters={<SupportersSection />} />;
}
