import type { ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../ui/not-found';
import { findPageParamsCheck } from './page-params';

/**
 * The page at `path`, shown only for parameters that may name something (page-params.ts):
 * otherwise a calm sentence, and the page never renders, so it fetches nothing. Loaded with
 * the page, so the checks stay out of the first visit's JavaScript.
 */
export function withPageParamsCheck(path: string, Page: ComponentType): ComponentType {
  const check = findPageParamsCheck(path);
  if (!check) return Page;
  return function CheckedPage() {
    const params = useParams();
    const [search] = useSearchParams();
    const problem = check(params, search);
    return problem ? <NotFound lead={problem} /> : <Page />;
  };
}
