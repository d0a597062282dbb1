import { ComingSoon } from '../../ui/coming-soon';

export default function CreatorStudioPage() {
  return <ComingSoon title="Create" description="Publish video, audio, text and photo posts." />;
}
