/** The title of a back-office page: '{page} | Beheer aanvraagportaal', set when the page shows. */
import { useEffect } from 'react';

export const BEHEER_NAME = 'Beheer aanvraagportaal';

export function useBeheerTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} | ${BEHEER_NAME}`;
  }, [page]);
}
