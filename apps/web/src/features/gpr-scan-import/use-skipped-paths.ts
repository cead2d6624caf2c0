import type { FileMapEntry } from '@gprhub/contract';
import { useCallback, useState } from 'react';
import { defaultSkippedPaths } from './file-map-tree';

/** The set of zip paths the user skips, starting with the unreadable ones. */
export function useSkippedPaths() {
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const reset = useCallback(
    (fileMap: readonly FileMapEntry[]) => setSkipped(new Set(defaultSkippedPaths(fileMap))),
    [],
  );
  const change = useCallback((paths: string[], isIncluded: boolean) => {
    setSkipped((current) => {
      const next = new Set(current);
      for (const path of paths) {
        if (isIncluded) next.delete(path);
        else next.add(path);
      }
      return next;
    });
  }, []);
  return { skipped, reset, change };
}
