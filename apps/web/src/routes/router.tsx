import { createBrowserRouter, Navigate, useLocation, useParams } from 'react-router';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { NotFoundPage } from '../components/not-found-page';
import { AuthLayout } from '../features/auth/auth-layout';
import { RequireAuth } from '../features/auth/require-auth';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignUpPage } from '../features/auth/sign-up-page';
import { OrganizationGate } from '../features/organizations/organization-gate';
import { AppLayout } from '../features/shell/app-layout';
import { isBuilt } from '../lib/built-features';
import { RouteErrorPage } from './route-error-page';
import { UuidParamsGuard } from './uuid-params-guard';

/** `/` goes to /hub at once, keeping the query (so `org` survives). */
function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/hub${search}`} replace />;
}

/** `/3d-models/:id` opens its 3D model tab. */
function ThreeDModelRedirect() {
  const { id } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/3d-models/${id}/3d-model${search}`} replace />;
}

const loadThreeDModelPage = async () => ({
  Component: (await import('../features/three-d-models/three-d-model-page')).ThreeDModelPage,
});

/** `/hub` and `/hub/:nodeId` share one page (and one chunk). */
const loadHubPage = async () => ({ Component: (await import('../features/hub/hub-page')).HubPage });

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect />, errorElement: <RouteErrorPage /> },
  {
    // A node's page: the hub for signed-in members; a public 3D model for anyone with the link.
    path: '/nodes/:nodeId',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    lazy: async () => ({ Component: (await import('../features/three-d-models/public-model-page')).PublicNodePage }),
  },
  {
    // The QR code's URL, opened by a phone camera rather than a 3D tracker.
    path: '/three-d-trackers/pair',
    errorElement: <RouteErrorPage />,
    lazy: async () => ({ Component: (await import('../features/three-d-trackers/pairing-link-page')).PairingLinkPage }),
  },
  {
    // An invitation link: works signed in or out (a new user creates an account and comes back).
    path: '/invitations/:id',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    lazy: async () => ({ Component: (await import('../features/members/invitation-page')).InvitationPage }),
  },
  {
    path: '/auth',
    element: <AuthLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="sign-in" replace /> },
      { path: 'sign-in/*', element: <SignInPage /> },
      { path: 'sign-up/*', element: <SignUpPage /> },
      { path: '*', element: <Navigate to="/auth/sign-in" replace /> },
    ],
  },
  {
    element: <RequireAuth />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <OrganizationGate />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'hub', lazy: loadHubPage },
              {
                path: 'nodes',
                lazy: async () => ({ Component: (await import('../features/nodes/nodes-page')).NodesPage }),
              },
              {
                path: 'analyses',
                lazy: async () => ({
                  Component: (await import('../features/analyses/analyses-page')).AnalysesPage,
                }),
              },
              ...(isBuilt('labeling')
                ? [
                    {
                      path: 'labelers/gpr-scans',
                      lazy: async () => ({
                        Component: (await import('../features/labeling/labeling-page')).LabelingPage,
                      }),
                    },
                  ]
                : []),
              {
                path: 'three-d-trackers',
                lazy: async () => ({
                  Component: (await import('../features/three-d-trackers/three-d-trackers-page')).ThreeDTrackersPage,
                }),
              },
              {
                path: 'keys',
                lazy: async () => ({ Component: (await import('../features/keys/keys-page')).KeysPage }),
              },
              {
                path: 'organization/members',
                lazy: async () => ({ Component: (await import('../features/members/members-page')).MembersPage }),
              },
              {
                path: 'sso-settings',
                lazy: async () => ({ Component: (await import('../features/sso/sso-settings-page')).SsoSettingsPage }),
              },
              {
                path: 'report-settings',
                lazy: async () => ({
                  Component: (await import('../features/reports/report-settings-page')).ReportSettingsPage,
                }),
              },
              {
                element: <UuidParamsGuard />,
                children: [
                  { path: 'hub/:nodeId', lazy: loadHubPage },
                  {
                    path: 'area-scans/:id',
                    lazy: async () => ({
                      Component: (await import('../features/area-scans/area-scan-page')).AreaScanPage,
                    }),
                  },
                  {
                    path: 'dual-orientation-gpr-scans/:id',
                    lazy: async () => ({
                      Component: (await import('../features/dual-orientation/dual-orientation-gpr-scan-page'))
                        .DualOrientationGprScanPage,
                    }),
                  },
                  {
                    path: 'dual-orientation-area-scans/:id',
                    lazy: async () => ({
                      Component: (
                        await import('../features/dual-orientation/dual-orientation-area-scan-page')
                      ).DualOrientationAreaScanPage,
                    }),
                  },
                  {
                    path: 'gpr-scan-groups/:id',
                    lazy: async () => ({
                      Component: (await import('../features/scan-groups/gpr-scan-group-page'))
                        .GprScanGroupPage,
                    }),
                  },
                  {
                    path: 'gpr-scans/:id',
                    lazy: async () => ({
                      Component: (await import('../features/gpr-scans/gpr-scan-page')).GprScanPage,
                    }),
                  },
                  {
                    path: 'buildings/:id',
                    lazy: async () => ({ Component: (await import('../features/buildings/building-page')).BuildingPage }),
                  },
                  {
                    path: 'files/:id',
                    lazy: async () => ({ Component: (await import('../features/files/file-page')).FilePage }),
                  },
                  {
                    path: 'floor-plans/:id',
                    lazy: async () => ({ Component: (await import('../features/buildings/floor-plan-redirect')).FloorPlanRedirect }),
                  },
                  { path: '3d-models/:id', element: <ThreeDModelRedirect /> },
                  { path: '3d-models/:id/*', lazy: loadThreeDModelPage },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
