import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../ui/coming-soon';

export default function AllCreatorsPage() {
  const [searchParams] = useSearchParams();
  const query = searchParams.get('q');
  return (
    <ComingSoon
      title="All creators"
      description={
        query ? `Creators matching “${query}” will be listed here.` : 'Every creator on Stagepass.'
      }
    />
  );
}
