import type { Site } from '@/contract/data/sites';
import {
  ActionDisplay,
  ActionKind,
  ColumnType,
  DataTable,
  type ColumnSettings,
  type RowAction,
} from '@/core/data-table';
import { formatDate } from '@/core/format';
import type { FormValues } from '@/core/forms';
import { useOrgContext } from '@/core/org';
import { getSiteHref } from '@/core/routes';
import {
  allSitesQueryOptions,
  orgSitesQueryOptions,
  orgSitesSource,
  allSitesSource,
  useSaveSite,
} from '@/site/entities/sites/api';
import { toSiteInput } from './site-input';
import { lazyModule } from '@/core/lazy';

// Issue 16: the dialogs load when a button that opens one is hovered, focused or clicked.
const siteForm = lazyModule(() => import('./site-form'));
const SiteModal = siteForm.component('SiteModal');
const preloadModals = () => Promise.all([siteForm.preload()]);

function columnSettings(scope: 'org' | 'all'): ColumnSettings<Site> {
  return {
    entity: scope === 'all' ? 'All Sites' : 'Sites',
    columns: [
      {
        id: 'name',
        title: 'Name',
        type: ColumnType.URL,
        width: '10rem',
        linkFormat: (row) =>
          getSiteHref(
            'siteDashboard',
            { siteId: row.id },
            scope === 'all' ? { orgId: row.orgId } : {},
          ),
      },
      { id: 'orgName', title: 'Organization', isVisible: scope === 'all' },
      { id: 'location', title: 'Location' },
      { id: 'subscriptionName', title: 'Subscription' },
      { id: 'userCount', title: 'Users', type: ColumnType.NUMBER },
      { id: 'blastCount', title: 'Blasts', type: ColumnType.NUMBER },
      { id: 'createdAt', title: 'Created', type: ColumnType.DATE },
    ],
    sortIndex: scope === 'all' ? 1 : 0,
    csvMapperFn: (row) => ({
      Name: row.name,
      ...(scope === 'all' ? { Organization: row.orgName } : {}),
      Location: row.location ?? '',
      Subscription: row.subscriptionName ?? '',
      Users: row.userCount,
      Blasts: row.blastCount,
      Created: formatDate(row.createdAt),
    }),
  };
}

const orgActions: RowAction<Site>[] = [
  {
    action: ActionKind.CREATE,
    buttonTitle: 'Create a site',
    buttonText: 'Create site',
    display: ActionDisplay.BUTTON,
    permissions: 'sites.write',
  },
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit site',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
    permissions: 'sites.write',
  },
];
const allActions: RowAction<Site>[] = [
  {
    action: ActionKind.EDIT,
    buttonTitle: 'Edit site',
    buttonText: 'Edit',
    display: ActionDisplay.INLINE,
    permissions: 'allSites.write',
  },
];

const org = columnSettings('org');
const all = columnSettings('all');

/**
 * Site Admin (the organisation's sites; create and edit, subscription included) or, for
 * sysadmins, every site with its organisation (edit).
 */
export function SitesTable({ scope }: { scope: 'org' | 'all' }) {
  const context = useOrgContext();
  const save = useSaveSite();
  return (
    <DataTable<Site>
      columnSettings={scope === 'all' ? all : org}
      query={scope === 'all' ? allSitesQueryOptions() : orgSitesQueryOptions(context.org.id)}
      source={scope === 'all' ? allSitesSource() : orgSitesSource(context.org.id)}
      actions={scope === 'all' ? allActions : orgActions}
      preloadModal={preloadModals}
      renderModal={({ action, row, close }) => {
        if (action !== ActionKind.CREATE && action !== ActionKind.EDIT) return null;
        const site = action === ActionKind.EDIT ? row : null;
        const orgId = site?.orgId ?? context.org.id;
        return (
          <SiteModal
            orgId={orgId}
            site={site}
            onClose={close}
            onSubmit={async (values: FormValues) => {
              await save.mutateAsync({ orgId, siteId: site?.id, input: toSiteInput(values) });
              close();
            }}
          />
        );
      }}
    />
  );
}
