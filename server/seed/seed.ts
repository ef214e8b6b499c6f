import type { Db, Queryable, SqlParam } from '../db/types';
import { hashPassword } from '../auth/passwords';
import { writeBlst, type BlastHole } from '../data/blst';
import { pngDataUrl } from './png';
import { prng, type Prng } from './prng';

/** Multi-row INSERT in chunks (Postgres allows 65535 parameters per statement). */
export async function insertMany(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: SqlParam[][],
) {
  const per = Math.max(1, Math.floor(30000 / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    const slice = rows.slice(i, i + per);
    const params: SqlParam[] = [];
    const values = slice.map((row) => {
      const ph = row.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      return `(${ph.join(',')})`;
    });
    await tx.query(
      `insert into ${table} (${columns.join(',')}) values ${values.join(',')}`,
      params,
    );
  }
}

const SERIAL_TABLES = [
  'users',
  'orgs',
  'org_custom_data',
  'offerings',
  'offering_features',
  'offering_custom_data',
  'subscriptions',
  'subscription_attachments',
  'licences',
  'support_requests',
  'subscription_registrations',
  'sites',
  'blasts',
  'shared_blasts',
  'node_libraries',
  'error_events',
];

export async function wipe(db: Db) {
  await db.exec('drop schema public cascade; create schema public;');
}

export async function seedIfEmpty(db: Db, scale: number): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from users');
  if ((row?.n ?? 0) > 0) return false;
  await seed(db, scale);
  return true;
}

const FIRST = [
  'Olivia',
  'Liam',
  'Amelia',
  'Noah',
  'Isla',
  'Jack',
  'Mia',
  'Oliver',
  'Ava',
  'William',
  'Grace',
  'James',
  'Chloe',
  'Lucas',
  'Ruby',
  'Henry',
  'Zoe',
  'Thomas',
  'Ella',
  'Leo',
  'Harper',
  'Ethan',
  'Sofia',
  'Mason',
  'Aria',
  'Samuel',
  'Priya',
  'Kenji',
  'Fatima',
  'Mateo',
  'Ingrid',
  'Tane',
  'Aroha',
  'Siosaia',
  'Nomvula',
  'Bjorn',
];
const LAST = [
  'Smith',
  'Nguyen',
  'Patel',
  'Brown',
  'Wilson',
  'Taylor',
  'Anderson',
  'Thompson',
  'Walker',
  'White',
  'Harris',
  'Martin',
  'Kelly',
  "O'Connor",
  'Ng',
  'Singh',
  'Campbell',
  'Ramirez',
  'Larsen',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Dubois',
  'Fraser',
  'MacLeod',
  'Haddad',
  'Novak',
  'Jensen',
  'Rossi',
  'Moreau',
];
const ORG_A = [
  'Granite',
  'Iron',
  'Copper',
  'Basalt',
  'Quartz',
  'Summit',
  'Ridge',
  'Canyon',
  'Boulder',
  'Flint',
  'Slate',
  'Obsidian',
  'Pioneer',
  'Frontier',
  'Outback',
  'Highland',
  'Red Rock',
  'Silver Creek',
  'Blue Mountain',
  'Coal Valley',
];
const ORG_B = [
  'Mining',
  'Quarries',
  'Resources',
  'Minerals',
  'Aggregates',
  'Drilling',
  'Blasting Services',
  'Explosives',
  'Earthworks',
  'Contracting',
  'Metals',
  'Extraction',
];
const SITE_A = [
  'North',
  'South',
  'East',
  'West',
  'Upper',
  'Lower',
  'Central',
  'Deep',
  'Old',
  'New',
];
const SITE_B = ['Pit', 'Quarry', 'Bench', 'Open Cut', 'Face', 'Ridge', 'Cut', 'Hollow'];

const ACME_PRODUCTS: [string, string, string[], string[]][] = [
  [
    'Blast Designer',
    'Design drill and blast patterns in 3D with timing and charge plans.',
    ['design', 'drill and blast'],
    ['3D view', 'Timing editor', 'Charge rules', 'Export to drill rig'],
  ],
  [
    'Fragmentation Analyser',
    'Measure fragmentation from photos and predict P80 from blast designs.',
    ['analysis', 'fragmentation'],
    ['Photo analysis', 'P80 prediction', 'Batch reports'],
  ],
  [
    'Drill Navigator',
    'Guide drill rigs to planned collars with live deviation tracking.',
    ['drilling', 'guidance'],
    ['GNSS guidance', 'Deviation alerts', 'Rig sync'],
  ],
  [
    'Vibration Monitor',
    'Record and report ground vibration and air overpressure near blasts.',
    ['monitoring', 'compliance'],
    ['Seismograph import', 'Compliance reports', 'SMS alerts'],
  ],
  [
    'Charge Planner',
    'Plan explosive loading per hole and reconcile what was loaded.',
    ['design', 'explosives'],
    ['Deck loading', 'Reconciliation', 'Stock usage'],
  ],
  [
    'Muckpile Profiler',
    'Survey muckpiles with drones and compare with the design.',
    ['survey', 'analysis'],
    ['Drone import', 'Volume report'],
  ],
  [
    'Pit Survey Toolkit',
    'Face profiles, bench surveys and crest lines for safe blasting.',
    ['survey'],
    ['Face profiling', 'Burden check', 'Crest lines'],
  ],
  [
    'Explosives Inventory',
    'Track magazines, stock movements and licence limits.',
    ['explosives', 'compliance'],
    ['Magazine register', 'Stock alerts'],
  ],
];
const ACME_SERVICES: [string, string, string[], string[]][] = [
  [
    'Blast Cloud Sync',
    'Hosted storage and sharing of blast designs and results across sites.',
    ['cloud', 'data'],
    ['Unlimited sites', 'Blast sharing', 'API access'],
  ],
  [
    'Support Plus',
    'Priority support with a named engineer and 4-hour response.',
    ['support'],
    ['Phone support', 'Named engineer'],
  ],
  [
    'Training Academy',
    'Online courses for blast designers and shotfirers.',
    ['training'],
    ['Course library', 'Certificates'],
  ],
  [
    'Fleet Telemetry',
    'Live telemetry from drill rigs and MMUs.',
    ['cloud', 'telemetry'],
    ['Live map', 'Utilisation report'],
  ],
];
const COBALT_SERVICES: [string, string, string[], string[]][] = [
  [
    'Blast Consulting',
    'On-call blast engineers for design reviews and audits.',
    ['consulting'],
    ['Design review', 'Site audit'],
  ],
  [
    'On-site Shotfiring',
    'Licensed shotfirers for campaigns and shutdowns.',
    ['services'],
    ['Weekend crews'],
  ],
  [
    'Vibration Audits',
    'Independent vibration compliance audits.',
    ['compliance'],
    ['Annual audit'],
  ],
];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
/**
 * Dates are relative to the day of seeding (UTC midnight) so licences and subscriptions are
 * current whenever the demo is started; everything else is identical on every run.
 */
const BASE = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const d = (days: number) => iso(addDays(BASE, days));

function holes(r: Prng, n: number): BlastHole[] {
  const cols = Math.max(3, Math.round(Math.sqrt(n * 1.5)));
  const burden = r.int(30, 45) / 10;
  const spacing = r.int(35, 55) / 10;
  const z = r.int(200, 400);
  const depth = r.int(8, 16);
  const out: BlastHole[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols);
    const col = i % cols;
    out.push({
      id: `H${String(i + 1).padStart(3, '0')}`,
      x: col * spacing + (row % 2) * (spacing / 2) + r.next() * 0.2,
      y: row * burden + r.next() * 0.2,
      z: z + r.next(),
      depth: depth + r.next() * 1.5,
      charge: ((depth + r.next()) * r.int(55, 75)) / 10,
    });
  }
  return out;
}

/** Seeds the demo data of ARCHITECTURE.md with fixed ids, then generated data (seeded PRNG). */
export async function seed(db: Db, scale: number) {
  const r = prng(20250601);
  const n = (base: number, min = 1) => Math.max(min, Math.round(base * scale));
  const pw = await hashPassword('demo'); // one salted hash shared by all demo accounts (same password)

  await db.transaction(async (tx) => {
    // Organisations 1-4 (fixed) and generated ones from 5.
    const orgRows: SqlParam[][] = [
      [
        1,
        'Acme Mining',
        'Vendor of blasting software and cloud services.',
        pngDataUrl([200, 60, 40]),
        JSON.stringify({ theme: 'acme', supportTier: 'gold', region: 'AU' }),
        true,
        true,
      ],
      [
        2,
        'Borealis Quarries',
        'Aggregate quarries across the northern region.',
        pngDataUrl([30, 110, 170]),
        JSON.stringify({ theme: 'borealis' }),
        false,
        false,
      ],
      [
        3,
        'Cobalt Blasting',
        'Blasting contractor and consulting services.',
        pngDataUrl([40, 70, 160]),
        '{}',
        false,
        true,
      ],
      // Malformed on purpose: the portal logs and falls back to {} (SPEC §8).
      [
        4,
        'Delta Drilling',
        'Drilling contractor.',
        null,
        '{"theme": "delta", "limits": [1, 2,',
        false,
        false,
      ],
    ];
    const genOrgs = n(40, 6);
    for (let i = 0; i < genOrgs; i++) {
      const id = 5 + i;
      orgRows.push([
        id,
        `${r.pick(ORG_A)} ${r.pick(ORG_B)} ${id}`,
        `Customer organisation number ${id}.`,
        r.bool(0.5) ? pngDataUrl([r.int(20, 200), r.int(20, 200), r.int(20, 200)]) : null,
        '{}',
        false,
        r.bool(0.1),
      ]);
    }
    await insertMany(
      tx,
      'orgs',
      [
        'id',
        'name',
        'description',
        'avatar',
        'custom_data',
        'is_product_owner_enabled',
        'is_service_owner_enabled',
      ],
      orgRows,
    );
    const orgIds = orgRows.map((o) => o[0] as number);
    const customerOrgIds = orgIds.filter((id) => id !== 1);

    // Users 1-9 (fixed) and generated from 10.
    const userRows: SqlParam[][] = [
      [1, 'sysadmin@example.com', 'Sam', 'Sysadmin', pw, true, 'active'],
      [2, 'owner@example.com', 'Olivia', 'Owner', pw, false, 'active'],
      [3, 'manager@example.com', 'Mark', 'Manager', pw, false, 'active'],
      [4, 'developer@example.com', 'Dev', 'Patel', pw, false, 'active'],
      [5, 'support@example.com', 'Sue', 'Porter', pw, false, 'active'],
      [6, 'submanager@example.com', 'Simon', 'Submanager', pw, false, 'active'],
      [7, 'siteadmin@example.com', 'Sarah', 'Siteadmin', pw, false, 'active'],
      [8, 'siteuser@example.com', 'Stuart', 'Siteuser', pw, false, 'active'],
      [9, 'pending@example.com', null, null, null, false, 'pending'],
    ];
    const genUsers = n(400, 20);
    for (let i = 0; i < genUsers; i++) {
      const id = 10 + i;
      const f = r.pick(FIRST);
      const l = r.pick(LAST);
      const pending = r.bool(0.05) && id !== 10;
      userRows.push([
        id,
        `${f}.${l}.${id}@example.net`.toLowerCase().replace(/'/g, ''),
        pending ? null : f,
        pending ? null : l,
        pending ? null : pw,
        false,
        pending ? 'pending' : 'active',
      ]);
    }
    // The first generated user has a fixed identity: Delta Drilling's owner (see memberships).
    const firstGenerated = userRows[9];
    if (firstGenerated)
      Object.assign(firstGenerated, { 1: 'dana.driller@example.net', 2: 'Dana', 3: 'Driller' });
    // Invited people (status 'pending' above) have no account: their memberships below become
    // invitations. Every demo account has proven its address (email_verified in the ID token).
    const accountRows = userRows.filter((u) => u[6] !== 'pending');
    const invitedEmail = new Map(
      userRows.filter((u) => u[6] === 'pending').map((u) => [u[0], u[1]]),
    );
    await insertMany(
      tx,
      'users',
      ['id', 'email', 'first_name', 'last_name', 'password_hash', 'is_sysadmin', 'status'],
      accountRows,
    );
    await tx.query('update users set email_verified_at = $1', [addDays(BASE, -400)]);
    await tx.query(`update users set avatar = $1 where id in (2, 6)`, [pngDataUrl([90, 140, 60])]);

    // Memberships: [org, user, owner, admin, developer, businessManager, subManager, techSupport, status]
    const mem: SqlParam[][] = [
      [1, 1, false, true, false, false, false, false, 'active'],
      [1, 2, true, true, false, false, false, false, 'active'],
      [1, 3, false, false, false, true, false, false, 'active'],
      [1, 4, false, false, true, false, false, false, 'active'],
      [1, 5, false, false, false, false, false, true, 'active'],
      [2, 2, false, false, false, false, true, false, 'active'],
      [2, 6, false, false, false, false, true, false, 'active'],
      [2, 7, false, false, false, false, false, false, 'active'],
      [2, 8, false, false, false, false, false, false, 'active'],
      [2, 9, false, false, false, false, false, false, 'invited'],
    ];
    for (let i = 0; i < genUsers; i++) {
      const userId = 10 + i;
      const status = userRows[9 + i]?.[6] === 'pending' ? 'invited' : 'active';
      const first = i < genUsers * 0.15 ? 1 : i < genUsers * 0.3 ? 2 : r.pick(customerOrgIds);
      mem.push([
        first,
        userId,
        false,
        r.bool(0.1),
        r.bool(0.1),
        r.bool(0.1),
        r.bool(0.1),
        r.bool(0.05),
        status,
      ]);
      if (r.bool(0.15)) {
        const second = r.pick(customerOrgIds.filter((o) => o !== first));
        mem.push([second, userId, false, false, false, false, r.bool(0.3), false, status]);
      }
    }
    // Delta Drilling (malformed customData) gets an owner: the first generated user, so a
    // sign-in exercises the portal's customData fallback.
    const deltaOwner = mem.find((m) => m[0] === 4 && m[1] === 10);
    if (deltaOwner) Object.assign(deltaOwner, { 2: true, 3: true, 8: 'active' });
    else mem.push([4, 10, true, true, false, false, false, false, 'active']);
    // Every generated org gets an owner-admin.
    for (const orgId of orgIds.slice(4)) {
      const owner = mem.find((m) => m[0] === orgId && m[8] === 'active');
      if (owner) {
        owner[2] = true;
        owner[3] = true;
      }
    }
    await insertMany(
      tx,
      'org_members',
      [
        'org_id',
        'user_id',
        'is_org_owner',
        'is_org_admin',
        'is_developer',
        'is_business_manager',
        'is_sub_manager',
        'is_tech_support',
        'status',
      ],
      mem.filter((m) => m[8] === 'active').map((m) => [...m]),
    );
    // Invitations keep the id the invited person had as a user (the first one; a second
    // organisation's gets an id after every user's): ids stay what they were for the demo.
    const usedIds = new Set<unknown>();
    let nextInvitationId = 10 + genUsers;
    const invitations = mem
      .filter((m) => m[8] === 'invited')
      .map((m) => {
        const id = usedIds.has(m[1]) ? nextInvitationId++ : m[1];
        usedIds.add(m[1]);
        // [id, org, email, admin, developer, businessManager, subManager, techSupport]
        const row: SqlParam[] = [id ?? null, m[0] ?? null, invitedEmail.get(m[1]) ?? null];
        return [...row, ...m.slice(3, 8)];
      });
    // Not sent yet (no link): the stack sends queued invitations when it starts (identity/invitations.ts).
    await insertMany(
      tx,
      'invitations',
      [
        'id',
        'org_id',
        'email',
        'is_org_admin',
        'is_developer',
        'is_business_manager',
        'is_sub_manager',
        'is_tech_support',
        'invited_at',
        'invited_by',
      ],
      invitations.map((i) => [...i, addDays(BASE, -10), 6]),
    );

    // Org custom data (SPEC §3 types).
    await insertMany(
      tx,
      'org_custom_data',
      ['org_id', 'name', 'description', 'execution_priority', 'data'],
      [
        [
          1,
          'Maintenance notice',
          'Shown in the desktop apps before the upgrade weekend.',
          10,
          JSON.stringify({
            type: 'DatedMessage',
            afterDate: d(-5),
            beforeDate: d(25),
            translatedTitle: { en: 'Planned maintenance' },
            translatedMessage: {
              en: 'Cloud sync is offline on Saturday 14 June, 02:00-06:00 UTC.',
            },
          }),
        ],
        [
          1,
          'Minimum version',
          null,
          20,
          JSON.stringify({
            type: 'EnforceMinimumVersion',
            warningMinimumVersion: '25.03.01.1a2b3c',
            criticalMinimumVersion: '24.11.15.9f8e7d',
          }),
        ],
        [
          1,
          'Feature toggles',
          'Arbitrary settings read by the apps.',
          30,
          JSON.stringify({ enableBetaViewer: true, maxUploadMb: 20 }),
        ],
        [2, 'Site defaults', null, 1, JSON.stringify({ defaultUnits: 'metric' })],
      ],
    );

    // Offerings of Acme (1) and Cobalt (3).
    const offerings: SqlParam[][] = [];
    const features: SqlParam[][] = [];
    const offeringFeatures = new Map<number, number[]>();
    let offeringId = 0;
    let featureId = 0;
    const addOffering = (
      orgId: number,
      kind: 'product' | 'service',
      [name, desc, tags, feats]: [string, string, string[], string[]],
    ) => {
      offeringId += 1;
      offerings.push([offeringId, orgId, kind, name, desc, tags]);
      const ids: number[] = [];
      feats.forEach((f, i) => {
        featureId += 1;
        features.push([featureId, offeringId, f, i === 0]);
        ids.push(featureId);
      });
      offeringFeatures.set(offeringId, ids);
      return offeringId;
    };
    ACME_PRODUCTS.forEach((p) => addOffering(1, 'product', p)); // ids 1-8
    ACME_SERVICES.forEach((s) => addOffering(1, 'service', s)); // ids 9-12
    COBALT_SERVICES.forEach((s) => addOffering(3, 'service', s)); // ids 13-15
    await insertMany(
      tx,
      'offerings',
      ['id', 'org_id', 'kind', 'name', 'description', 'tags'],
      offerings,
    );
    await insertMany(
      tx,
      'offering_features',
      ['id', 'offering_id', 'name', 'default_value'],
      features,
    );
    await insertMany(
      tx,
      'offering_custom_data',
      ['offering_id', 'name', 'description', 'execution_priority', 'data'],
      [
        [
          1,
          'Release notes link',
          null,
          1,
          JSON.stringify({ url: 'https://example.com/blast-designer/notes' }),
        ],
        [
          1,
          'New version button',
          'Shown in the app header.',
          5,
          JSON.stringify({
            type: 'DatedButton',
            startDate: d(-30),
            endDate: d(60),
            iconBase64: '',
            caption: { en: "What's new" },
            message: { en: 'See what changed in 25.05' },
          }),
        ],
      ],
    );

    // Subscriptions: fixed ones for Borealis (2) and Delta (4), then generated.
    const subs: SqlParam[][] = [
      [
        1,
        1,
        2,
        1,
        'Borealis - Blast Designer',
        d(-330),
        d(400),
        10,
        false,
        offeringFeatures.get(1) ?? [],
      ],
      [
        2,
        1,
        2,
        2,
        'Borealis - Fragmentation Analyser',
        d(-330),
        d(400),
        5,
        false,
        offeringFeatures.get(2) ?? [],
      ],
      [
        3,
        1,
        2,
        9,
        'Borealis - Blast Cloud Sync',
        d(-500),
        d(580),
        25,
        false,
        offeringFeatures.get(9) ?? [],
      ],
      [
        4,
        1,
        4,
        3,
        'Delta - Drill Navigator',
        d(-820),
        d(-90),
        3,
        false,
        offeringFeatures.get(3) ?? [],
      ],
      [
        5,
        3,
        2,
        13,
        'Borealis - Blast Consulting',
        d(-150),
        d(215),
        2,
        false,
        offeringFeatures.get(13) ?? [],
      ],
    ];
    const genSubs = n(2000, 30);
    for (let i = 0; i < genSubs; i++) {
      const vendor = r.bool(0.85) ? 1 : 3;
      const off = vendor === 1 ? r.int(1, 12) : r.int(13, 15);
      const sub = r.pick(customerOrgIds.filter((o) => o !== vendor));
      const start = addDays(BASE, -r.int(0, 900));
      const offName = (offerings[off - 1]?.[3] as string) ?? 'Offering';
      subs.push([
        6 + i,
        vendor,
        sub,
        off,
        `${offName} #${6 + i}`,
        iso(start),
        iso(addDays(start, r.pick([365, 730, 1095]))),
        r.int(1, 50),
        r.bool(0.05),
        (offeringFeatures.get(off) ?? []).filter(() => r.bool(0.7)),
      ]);
    }
    await insertMany(
      tx,
      'subscriptions',
      [
        'id',
        'vendor_org_id',
        'subscriber_org_id',
        'offering_id',
        'name',
        'start_date',
        'end_date',
        'seats_allowed',
        'is_disabled',
        'feature_ids',
      ],
      subs,
    );

    // Licences: Borealis' own under its subscriptions (some assigned), then generated issued licences.
    const lic: SqlParam[][] = [];
    const addLic = (
      vendor: number,
      customer: number,
      sub: number | null,
      off: number,
      state: string,
      seats: number,
      expiry: string,
      user: number | null,
    ) =>
      lic.push([
        vendor,
        customer,
        sub,
        off,
        state,
        seats,
        expiry,
        user,
        addDays(BASE, -r.int(0, 700)),
      ]);
    for (let i = 0; i < 6; i++)
      addLic(1, 2, 1, 1, 'Active', 1, d(400), i === 0 ? 6 : i === 1 ? 7 : null);
    for (let i = 0; i < 3; i++) addLic(1, 2, 2, 2, 'Active', 1, d(400), i === 0 ? 8 : null);
    for (let i = 0; i < 4; i++)
      addLic(1, 2, 3, 9, i === 3 ? 'Suspended' : 'Active', 1, d(580), null);
    addLic(1, 4, 4, 3, 'Expired', 3, d(-90), null);
    addLic(3, 2, 5, 13, 'Active', 2, d(215), null);
    addLic(1, 1, null, 9, 'Active', 5, d(580), 4); // Acme's own internal licence
    const genLic = n(4000, 40);
    for (let i = 0; i < genLic; i++) {
      const s = r.pick(subs.slice(5));
      const expiry = addDays(BASE, r.int(-400, 900));
      const state = expiry < BASE ? 'Expired' : r.bool(0.08) ? 'Suspended' : 'Active';
      addLic(
        s[1] as number,
        s[2] as number,
        s[0] as number,
        s[3] as number,
        state,
        r.int(1, 20),
        iso(expiry),
        null,
      );
    }
    await insertMany(
      tx,
      'licences',
      [
        'vendor_org_id',
        'customer_org_id',
        'subscription_id',
        'offering_id',
        'state',
        'seats',
        'expiry',
        'assigned_user_id',
        'issued_at',
      ],
      lic,
    );

    // Sites: Borealis 1-4 (fixed), Acme 5, then generated.
    const sites: SqlParam[][] = [
      [1, 2, 'North Pit', 'Main granite pit.', 'Kiruna Road', 3],
      [2, 2, 'South Pit', 'Limestone benches.', 'Harbour Road', 3],
      [3, 2, 'East Quarry', null, 'Ridge Lane', 3],
      [4, 2, 'Granite Ridge', 'Dimension stone.', 'Ridge Lane', null],
      [5, 1, 'Acme Test Range', 'Trial blasts for product testing.', 'Test Range Road', null],
    ];
    const genSites = n(60, 6);
    for (let i = 0; i < genSites; i++) {
      const orgId = r.pick(customerOrgIds.slice(2));
      sites.push([6 + i, orgId, `${r.pick(SITE_A)} ${r.pick(SITE_B)} ${6 + i}`, null, null, null]);
    }
    await insertMany(
      tx,
      'sites',
      ['id', 'org_id', 'name', 'description', 'location', 'subscription_id'],
      sites,
    );
    const siteMembers: SqlParam[][] = [
      [1, 7, true, false],
      [2, 7, true, false],
      [1, 8, false, true],
    ];
    for (const s of sites.slice(5)) {
      const members = mem.filter((m) => m[0] === s[1] && m[8] === 'active' && !m[3]).slice(0, 3);
      members.forEach((m, i) => siteMembers.push([s[0] ?? null, m[1] ?? null, i === 0, i !== 0]));
    }
    await insertMany(
      tx,
      'site_members',
      ['site_id', 'user_id', 'is_site_admin', 'is_site_user'],
      siteMembers,
    );

    // Blasts with generated .blst files.
    const blasts: SqlParam[][] = [];
    const addBlast = (siteId: number, siteName: string, k: number) => {
      const id = blasts.length + 1;
      const name = `${siteName} ${String(k).padStart(4, '0')}`;
      const hs = holes(r, r.int(12, 48));
      const when = addDays(BASE, -r.int(0, 700));
      blasts.push([
        id,
        siteId,
        name,
        r.bool(0.3) ? `Bench ${r.int(1, 12)} production blast` : null,
        when,
        `${name.replace(/\s+/g, '_')}.blst`,
        writeBlst({ name, site: siteName, units: 'm' }, hs),
        hs.length,
        r.pick([6, 7, 2]),
        when,
      ]);
    };
    for (const s of sites.slice(0, 5))
      for (let k = 1; k <= 25; k++) addBlast(s[0] as number, s[2] as string, k);
    const genBlasts = n(3000, 30);
    const genSiteRows = sites.slice(5);
    for (let i = 0; i < genBlasts; i++) {
      const s = genSiteRows[i % genSiteRows.length] ?? sites[0];
      if (s) addBlast(s[0] as number, s[2] as string, 100 + i);
    }
    await insertMany(
      tx,
      'blasts',
      [
        'id',
        'site_id',
        'name',
        'description',
        'blasted_at',
        'file_name',
        'file_content',
        'hole_count',
        'created_by',
        'created_at',
      ],
      blasts,
    );
    await insertMany(
      tx,
      'blast_links',
      ['id', 'blast_id', 'is_anonymous', 'created_by', 'revoked_at'],
      [
        ['demo-anon-link', 1, true, 7, null],
        ['demo-auth-link', 2, false, 7, null],
        ['demo-revoked-link', 3, true, 7, addDays(BASE, -1)],
      ],
    );
    await insertMany(
      tx,
      'shared_blasts',
      ['blast_id', 'shared_by', 'shared_with_user_id', 'shared_with_org_id', 'shared_at'],
      [
        [1, 7, 8, null, addDays(BASE, -3)],
        [26, 7, 2, null, addDays(BASE, -2)],
        [101, 2, null, 2, addDays(BASE, -1)], // an Acme Test Range blast shared with Borealis
        [102, 2, null, 3, addDays(BASE, -1)],
      ],
    );

    // Node libraries: organisation-wide and site-scoped.
    const nodes = (names: string[]) =>
      JSON.stringify(
        names.map((name, i) => ({ id: i + 1, name, type: r.pick(['input', 'calc', 'output']) })),
      );
    await insertMany(
      tx,
      'node_libraries',
      ['org_id', 'site_id', 'name', 'version', 'description', 'nodes', 'updated_at'],
      [
        [
          2,
          null,
          'Borealis Standard Nodes',
          '2.3.0',
          'Shared calculation nodes for every Borealis site.',
          nodes(['Powder factor', 'Burden check', 'Stemming length', 'Vibration PPV']),
          addDays(BASE, -20),
        ],
        [
          2,
          1,
          'North Pit Nodes',
          '1.1.0',
          'Local nodes for the granite benches.',
          nodes(['Granite density', 'Face angle']),
          addDays(BASE, -5),
        ],
        [2, 2, 'South Pit Nodes', '0.9.2', null, nodes(['Limestone density']), addDays(BASE, -8)],
        [
          1,
          null,
          'Acme Reference Library',
          '5.0.1',
          'Reference nodes shipped with Blast Designer.',
          nodes(['Kuz-Ram', 'Swebrec', 'Timing spread', 'Air overpressure', 'Flyrock range']),
          addDays(BASE, -30),
        ],
        [
          1,
          5,
          'Test Range Experiments',
          '0.1.0',
          'Experimental nodes.',
          nodes(['Prototype decking']),
          addDays(BASE, -1),
        ],
      ],
    );

    // Email preferences (anonymous links from emails): code 'demo-code' valid, pending's expired.
    await insertMany(
      tx,
      'email_preferences',
      ['email', 'code', 'code_expires_at'],
      [
        ['owner@example.com', 'demo-code', addDays(new Date(), 3650)],
        ['submanager@example.com', 'demo-code', addDays(new Date(), 3650)],
        ['pending@example.com', 'expired-code', addDays(BASE, -30)],
      ],
    );

    for (const t of SERIAL_TABLES) {
      await tx.query(
        `select setval(pg_get_serial_sequence('${t}', 'id'), coalesce((select max(id) from ${t}), 0) + 1, false)`,
      );
    }
    // Invitations draw their ids from the users' sequence too.
    await tx.query(
      `select setval('users_id_seq', greatest((select max(id) from users), (select max(id) from invitations), 0) + 1, false)`,
    );
  });
}
