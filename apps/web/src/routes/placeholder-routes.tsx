import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import LabelRoundedIcon from '@mui/icons-material/LabelRounded';
import MapRoundedIcon from '@mui/icons-material/MapRounded';
import ViewInArRoundedIcon from '@mui/icons-material/ViewInArRounded';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page';

export interface PlaceholderRoute {
  path: string;
  title: string;
  description: string;
  features?: readonly string[];
  icon: ReactNode;
}

/** Pages later issues fill in, with what each will do. */
export const LIST_PLACEHOLDERS: readonly PlaceholderRoute[] = [
  {
    path: 'three-d-trackers',
    title: '3d Trackers',
    description: 'Pair 3D trackers by scanning a QR code, and manage the paired devices.',
    features: [
      'Add Tracker shows the pairing QR code',
      'Rename or delete a tracker, or reset its connection',
      'Connection status in the header',
    ],
    icon: <ViewInArRoundedIcon />,
  },
  {
    path: 'labelers/gpr-scans',
    title: 'Labeling session',
    description: 'Mark rebar positions and background reflections on scan signals, scan after scan.',
    icon: <LabelRoundedIcon />,
  },
];

/** Pages addressed by a node id (checked to be a UUID before they render). */
export const DETAIL_PLACEHOLDERS: readonly PlaceholderRoute[] = [
  {
    path: 'files/:id',
    title: 'File',
    description: "A file's name, details and download.",
    icon: <DescriptionRoundedIcon />,
  },
  {
    path: 'buildings/:id',
    title: 'Building',
    description: 'Floors of a building with their floor plans, and scans or models pinned on the plans.',
    icon: <ApartmentRoundedIcon />,
  },
  {
    path: 'floor-plans/:id',
    title: 'Floor plan',
    description: 'Opens the floor plan in its building.',
    icon: <MapRoundedIcon />,
  },
  {
    path: '3d-models/:id/*',
    title: '3D model',
    description:
      'Point cloud and mesh viewer with GPR observations, public sharing and live view from a 3D tracker.',
    icon: <ViewInArRoundedIcon />,
  },
];

/** Renders a placeholder, naming the id the page was opened with. */
export function PlaceholderRoutePage({ route }: { route: PlaceholderRoute }) {
  const params = useParams();
  const id = params.nodeId ?? params.id;
  return <PlaceholderPage {...route} {...(id ? { detail: `ID ${id}` } : {})} />;
}
