import AccountTreeRoundedIcon from '@mui/icons-material/AccountTreeRounded';
import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import ArchitectureRoundedIcon from '@mui/icons-material/ArchitectureRounded';
import CallSplitRoundedIcon from '@mui/icons-material/CallSplitRounded';
import DescriptionRoundedIcon from '@mui/icons-material/DescriptionRounded';
import FolderRoundedIcon from '@mui/icons-material/FolderRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import LayersRoundedIcon from '@mui/icons-material/LayersRounded';
import MapRoundedIcon from '@mui/icons-material/MapRounded';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import SettingsRemoteRoundedIcon from '@mui/icons-material/SettingsRemoteRounded';
import ViewInArRoundedIcon from '@mui/icons-material/ViewInArRounded';
import WorkspacesRoundedIcon from '@mui/icons-material/WorkspacesRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { NodeType } from '@gprhub/contract';
import type { ComponentType } from 'react';

interface TypeAppearance {
  Icon: ComponentType<SvgIconProps>;
  /** A theme palette path, so that both colour schemes apply. */
  color: string;
}

/** One icon and colour per node type: folders amber, scans green, 3D blue, buildings violet. */
const APPEARANCE: Record<NodeType, TypeAppearance> = {
  FOLDER: { Icon: FolderRoundedIcon, color: 'secondary.main' },
  GPR_SCAN: { Icon: SensorsRoundedIcon, color: 'primary.main' },
  GPR_SCAN_GROUP: { Icon: WorkspacesRoundedIcon, color: 'primary.main' },
  DUAL_ORIENTATION_GPR_SCAN: { Icon: CallSplitRoundedIcon, color: 'primary.main' },
  DUAL_ORIENTATION_AREA_SCAN: { Icon: LayersRoundedIcon, color: 'primary.main' },
  THREE_D_MODEL: { Icon: ViewInArRoundedIcon, color: 'info.main' },
  THREE_D_TRACKER: { Icon: SettingsRemoteRoundedIcon, color: 'info.main' },
  BUILDING: { Icon: ApartmentRoundedIcon, color: '#8e6bd8' },
  FLOOR_PLAN: { Icon: MapRoundedIcon, color: '#8e6bd8' },
  IFC_FILE: { Icon: ArchitectureRoundedIcon, color: 'text.secondary' },
  FILE: { Icon: DescriptionRoundedIcon, color: 'text.secondary' },
  ANALYSIS: { Icon: InsightsRoundedIcon, color: 'text.secondary' },
  ROOT: { Icon: AccountTreeRoundedIcon, color: 'text.secondary' },
};

/** The icon of a node type, in the type's colour. */
export function NodeTypeIcon({ type, ...props }: { type: NodeType } & SvgIconProps) {
  const { Icon, color } = APPEARANCE[type] ?? APPEARANCE.FILE;
  return (
    <Icon
      aria-hidden
      {...props}
      sx={[{ color, flexShrink: 0 }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    />
  );
}
