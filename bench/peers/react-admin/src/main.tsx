/**
 * The peer of issue 10: the issued-licences list (search, sort, pagination) and a licence form
 * in react-admin, over the same local stack (http://localhost:4000/crm/v1) as the org portal.
 *
 * Auth (bench-only hook): the benchmark signs in for real to the org portal, captures the bearer
 * access token the portal sends to the CRM, and puts it in sessionStorage['bench.token'] before
 * the peer loads (or passes it once as ?bench_token=…). The peer has no OIDC client of its own.
 */
import { createRoot } from 'react-dom/client';
import {
  Admin,
  Create,
  Datagrid,
  DateField,
  DateInput,
  List,
  NumberField,
  NumberInput,
  Resource,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  minValue,
  required,
  type DataProvider,
} from 'react-admin';

const API = 'http://localhost:4000/crm/v1/orgs/1';
// The same hook for tools that cannot set sessionStorage first (Lighthouse): ?bench_token=….
const fromUrl = new URLSearchParams(location.search).get('bench_token');
if (fromUrl) sessionStorage.setItem('bench.token', fromUrl);
const token = () => sessionStorage.getItem('bench.token') ?? '';

async function post(path: string, body: unknown) {
  const response = await fetch(`${API}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
    body: JSON.stringify(body),
  });
  const envelope = await response.json();
  if (!response.ok || !envelope.success) throw new Error(envelope.message ?? response.statusText);
  return envelope.data;
}

// The list contract's sort names are the column paths the Datagrid uses (src/contract/lists.ts).

const lists: Record<string, string> = {
  'issued-licences': 'issued-licences/list',
  customers: 'issued-subscriptions/list',
  offerings: 'offerings/list',
};

const dataProvider = {
  async getList(resource, params) {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const data = await post(lists[resource] ?? `${resource}/list`, {
      skip: (page - 1) * perPage,
      take: perPage,
      search: params.filter?.q || undefined,
      sortBy: params.sort?.field,
      sortDesc: params.sort?.order === 'DESC',
    });
    return { data: data.results, total: data.totalAvailable };
  },
  async create(resource, params) {
    const data = await post(resource, params.data);
    return { data };
  },
  getOne: () => Promise.reject(new Error('not used')),
  getMany: () => Promise.resolve({ data: [] }),
  getManyReference: () => Promise.resolve({ data: [], total: 0 }),
  update: () => Promise.reject(new Error('not used')),
  updateMany: () => Promise.reject(new Error('not used')),
  delete: () => Promise.reject(new Error('not used')),
  deleteMany: () => Promise.reject(new Error('not used')),
} as DataProvider;

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];

function IssuedLicenceList() {
  return (
    <List filters={filters} sort={{ field: 'customerOrg.name', order: 'ASC' }} perPage={10}>
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="customerOrg.name" label="Customer" />
        <TextField source="product.name" label="Product" />
        <TextField source="subscription.name" label="Subscription" sortable={false} />
        <TextField source="state.name" label="State" />
        <NumberField source="seats" />
        <DateField source="expiry" />
        <DateField source="issuedAt" label="Issued" />
      </Datagrid>
    </List>
  );
}

/** The same five fields as the portal's Issue licence form, with the same mandatory rules. */
function IssueLicence() {
  return (
    <Create>
      <SimpleForm mode="onSubmit">
        <SelectInput
          source="customerOrgId"
          label="Customer"
          validate={required()}
          choices={[
            { id: 2, name: 'Borealis Quarries' },
            { id: 4, name: 'Delta Drilling' },
          ]}
        />
        <SelectInput
          source="offeringId"
          label="Product"
          validate={required()}
          choices={[
            { id: 1, name: 'Blast Designer (product)' },
            { id: 2, name: 'Fragmentation Analyser (product)' },
          ]}
        />
        <SelectInput source="subscriptionId" label="Subscription" choices={[]} />
        <NumberInput source="seats" label="Seats" validate={[required(), minValue(1)]} />
        <DateInput source="expiry" label="Expiry" />
      </SimpleForm>
    </Create>
  );
}

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="issued-licences" list={IssuedLicenceList} create={IssueLicence} />
  </Admin>,
);
