import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import type { ScreenClass } from './hub-layout';
import { SplitDivider } from './split-divider';
import { useSplitPercent } from './use-split-percent';

const LISTING_PANE_ID = 'hub-listing-pane';

export interface HubSplitProps {
  screen: ScreenClass;
  listing: ReactNode;
  /** The details panel, or null when closed. */
  panel: ReactNode;
  onClosePanel: () => void;
}

/**
 * The listing and, when open, the details panel side by side with a draggable divider. Small
 * screens have no room for a split (the spec's 0 %): there the panel opens as a sheet over the
 * listing.
 */
export function HubSplit({ screen, listing, panel, onClosePanel }: HubSplitProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [percent, setPercent] = useSplitPercent(screen);
  const isOpen = Boolean(panel);

  if (screen === 'small') {
    return (
      <>
        <Box id={LISTING_PANE_ID}>{listing}</Box>
        <Drawer
          anchor="right"
          open={isOpen}
          onClose={onClosePanel}
          slotProps={{
            paper: { sx: { width: '100%', maxWidth: 480 }, 'data-testid': 'hub-details-pane' } as object,
          }}
        >
          {panel}
        </Drawer>
      </>
    );
  }

  return (
    <Box ref={containerRef} sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Box id={LISTING_PANE_ID} sx={{ flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {listing}
      </Box>
      {isOpen && (
        <>
          <SplitDivider
            containerRef={containerRef}
            screen={screen}
            percent={percent}
            onChange={setPercent}
            controls={LISTING_PANE_ID}
          />
          <Card
            component="aside"
            aria-label="Node details"
            data-testid="hub-details-pane"
            data-split-percent={Math.round(percent)}
            sx={{ flex: `0 0 calc(${percent}% - 7px)`, minWidth: 0, overflow: 'auto' }}
          >
            {panel}
          </Card>
        </>
      )}
    </Box>
  );
}
