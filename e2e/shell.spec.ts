import { expect, test } from './support/test';

const portals = [
  {
    origin: 'http://localhost:5173',
    title: 'Organization Portal',
    html: 'index.org.html',
    deepLink: '/offerings/product/7',
  },
  {
    origin: 'http://localhost:5174',
    title: 'Site Portal',
    html: 'index.site.html',
    deepLink: '/blasts-shared/3',
  },
];

for (const portal of portals) {
  test.describe(portal.title, () => {
    test('loads its own shell from the built output', async ({ page }) => {
      await page.goto(portal.origin + '/');
      await expect(page).toHaveTitle(new RegExp(`${portal.title}$`));
      await expect(page.getByRole('main')).toBeVisible();
    });

    test('answers a deep link with its own portal, never the other', async ({ request }) => {
      const response = await request.get(portal.origin + portal.deepLink, {
        headers: { accept: 'text/html' },
      });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${portal.title}</title>`);
      for (const other of portals.filter((p) => p !== portal)) {
        expect(html).not.toContain(`<title>${other.title}</title>`);
      }
    });

    test('a signed-out deep link leads to sign-in', async ({ page }) => {
      await page.goto(portal.origin + portal.deepLink);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(new URL(page.url()).origin).toBe('http://localhost:4000');
    });
  });
}
