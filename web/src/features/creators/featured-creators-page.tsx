import { ComingSoon } from '../../ui/coming-soon';

export default function FeaturedCreatorsPage() {
  return (
    <ComingSoon
      title="Featured creators"
      description="Music artists, podcasters, startups and more: find creators and access their exclusive content."
    />
  );
}
