import { ComingSoon } from '../../ui/coming-soon';

/** /find-creators/:query: the spec's fan brand link uses it as /find-creators/q=nothing. */
export default function FindCreatorsPage() {
  return <ComingSoon title="Find creators" />;
}
