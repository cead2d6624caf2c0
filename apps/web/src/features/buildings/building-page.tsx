import AddPhotoAlternateRoundedIcon from '@mui/icons-material/AddPhotoAlternateRounded';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import MapRoundedIcon from '@mui/icons-material/MapRounded';
import LocationOffRoundedIcon from '@mui/icons-material/LocationOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Building, Floor } from '@gprhub/contract';
import { BuildingMessages } from '@gprhub/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorPage } from '../../components/load-error-page';
import { useOrgNavigate } from '../../components/org-link';
import { useUuidParam } from '../../routes/use-uuid-param';
import { EmptyState } from '../node-details/empty-state';
import { formatLatLon } from '../node-details/metadata/location-fallback';
import { LocationMap } from '../node-details/metadata/location-map';
import { NodeDetailsPanel } from '../node-details/node-details-panel';
import { NodeBreadcrumbs } from '../hub/node-breadcrumbs';
import { useBuilding, useDeleteFloor, useFloorPlans, useFloors, useUpdateFloor } from './buildings-api';
import { FloorDialog } from './floor-dialog';
import { FloorList } from './floor-list';
import { FloorPlanCard } from './floor-plan-card';
import { NewFloorPlanDialog } from './new-floor-plan-dialog';
import { PlanPins } from './plan-pins';

/** The building's Overview tab: its location on the map, or 'Location not available'. */
function BuildingOverview({ building }: { building: Building }) {
  if (!building.location)
    return (
      <EmptyState icon={<LocationOffRoundedIcon />} testId="building-no-location">
        {BuildingMessages.noLocation}
      </EmptyState>
    );
  return (
    <Box data-testid="building-overview">
      <LocationMap value={building.location} height={260} />
      <Typography variant="body2" sx={{ mt: 1.5, fontVariantNumeric: 'tabular-nums' }} data-testid="building-coordinates">
        {formatLatLon(building.location)}
      </Typography>
    </Box>
  );
}

/**
 * `/buildings/{id}?floorId=`: the floors on the left (the top floor selected unless `floorId` says
 * otherwise), the selected floor's plans in the middle, the building's details panel on the right.
 */
export function BuildingPage() {
  const id = useUuidParam('id');
  if (!id) return null;
  return <BuildingScreen key={id} buildingId={id} />;
}

function BuildingScreen({ buildingId }: { buildingId: string }) {
  const building = useBuilding(buildingId);
  const floors = useFloors(buildingId);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useOrgNavigate();
  const [floorDialog, setFloorDialog] = useState<{ floor?: Floor } | null>(null);
  const [deletingFloor, setDeletingFloor] = useState<Floor | null>(null);
  const [isAddingPlan, setAddingPlan] = useState(false);
  const move = useUpdateFloor(buildingId);
  const deleteFloor = useDeleteFloor(buildingId);
  const list = floors.data?.floors ?? [];
  const requested = searchParams.get('floorId');
  // The last floor (the top one) unless the address names another.
  const selected = list.find((f) => f.id === requested) ?? list[0];
  const plans = useFloorPlans(buildingId, selected?.id);
  const selectFloor = (floor: Floor) =>
    setSearchParams(
      (params) => {
        params.set('floorId', floor.id);
        return params;
      },
      { replace: true },
    );

  if (building.isError) return <LoadErrorPage error={building.error} noun="building" />;
  if (!building.data) return <CircularProgress />;
  const highest = list[0]?.order;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} data-testid="building-page">
      <Box sx={{ mb: 2 }}>
        <NodeBreadcrumbs nodeId={buildingId} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 0.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h4" component="h1" noWrap data-testid="building-name">
              {building.data.node.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {list.length === 1 ? '1 floor' : `${list.length} floors`}
              {building.data.location ? ` · ${formatLatLon(building.data.location)}` : ''}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => setFloorDialog({})} data-testid="new-floor-button">
            New floor
          </Button>
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateRoundedIcon />}
            disabled={!selected}
            onClick={() => setAddingPlan(true)}
            data-testid="new-floor-plan-button"
          >
            New floor plan
          </Button>
        </Box>
      </Box>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '280px 1fr', xl: '300px 1fr 360px' },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-label="Floors">
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            Floors
          </Typography>
          {floors.isPending ? (
            <Skeleton variant="rounded" height={64} />
          ) : (
            <FloorList
              floors={list}
              selectedId={selected?.id}
              onSelect={selectFloor}
              onEdit={(floor) => setFloorDialog({ floor })}
              onDelete={setDeletingFloor}
              onMove={(floor, order) => move.mutate({ id: floor.id, order })}
              isMoving={move.isPending}
            />
          )}
        </Box>
        <Box component="section" aria-label="Floor plans" sx={{ minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {selected ? `Floor plans · ${selected.label}` : 'Floor plans'}
          </Typography>
          {selected && plans.data && plans.data.floorPlans.length === 0 && (
            <EmptyState
              icon={<MapRoundedIcon />}
              testId="floor-plans-empty"
              hint={
                <Button size="small" startIcon={<AddPhotoAlternateRoundedIcon />} onClick={() => setAddingPlan(true)}>
                  Add a plan image or PDF
                </Button>
              }
            >
              {BuildingMessages.noFloorPlans}
            </EmptyState>
          )}
          {!selected && !floors.isPending && (
            <EmptyState icon={<MapRoundedIcon />} testId="floor-plans-no-floor">
              {BuildingMessages.noFloorPlans}
            </EmptyState>
          )}
          {selected && plans.isPending && <Skeleton variant="rounded" width={402} height={450} />}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="floor-plans">
            {plans.data?.floorPlans.map((plan) => (
              <PlanPins key={plan.node.nodeId} buildingId={buildingId} plan={plan} render={(props) => <FloorPlanCard buildingId={buildingId} plan={plan} {...props} />} />
            ))}
          </Box>
        </Box>
        <Paper
          variant="outlined"
          sx={{ borderRadius: '12px', overflow: 'hidden', height: { xs: 560, xl: 'calc(100vh - 200px)' }, gridColumn: { md: '1 / -1', xl: 'auto' }, position: { xl: 'sticky' }, top: 16 }}
        >
          <NodeDetailsPanel nodeId={buildingId} overview={<BuildingOverview building={building.data} />} onDeleted={() => navigate('/hub')} />
        </Paper>
      </Box>
      <FloorDialog
        isOpen={floorDialog !== null}
        buildingId={buildingId}
        floor={floorDialog?.floor}
        defaultOrder={highest === undefined ? 0 : highest + 1}
        onClose={() => setFloorDialog(null)}
        onSaved={(floor) => {
          if (!floorDialog?.floor) selectFloor(floor);
        }}
      />
      {selected && (
        <NewFloorPlanDialog isOpen={isAddingPlan} buildingId={buildingId} floorId={selected.id} floorLabel={selected.label} onClose={() => setAddingPlan(false)} />
      )}
      <ConfirmDialog
        open={deletingFloor !== null}
        title="Delete floor"
        testId="delete-floor-dialog"
        onConfirm={() => deleteFloor.mutateAsync(deletingFloor!.id)}
        onClose={() => setDeletingFloor(null)}
      >
        {deletingFloor && `Are you sure you want to delete ${deletingFloor.label}? Its ${deletingFloor.floorPlanCount === 1 ? 'floor plan is' : 'floor plans are'} deleted with it.`}
      </ConfirmDialog>
    </Box>
  );
}
