import type { ReactNode } from 'react';
import { pathFor } from '../../shared/routes.ts';

/**
 * A rich-text link to a static page (terms, privacy) that opens beside the form or warning it sits in, so
 * what the visitor was answering stays answered: `values={{ terms: pageLink('terms') }}`.
 */
export const pageLink = (page: 'terms' | 'privacy') => (chunks: ReactNode) => (
  <a
    href={pathFor(`pages-${page}`) ?? `/pages/${page}`}
    target="_blank"
    rel="noopener"
    className="font-semibold text-primary underline"
  >
    {chunks}
  </a>
);
