import { ComingSoon } from '../../ui/coming-soon';

/** /subscribe?profileId=…&content=…: the subscribe page used from the installed app. */
export default function SubscribePage() {
  return <ComingSoon title="Subscribe" />;
}
