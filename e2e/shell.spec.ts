import { expect, test } from './support/test';

const portals = [
  { origin: 'http://localhost:5173', title: 'Organisation Portal', deepLink: '/offerings/product/7' },
  { origin: 'http://localhost:5174', title: 'Site Portal', deepLink: '/blasts-shared/3' },
];

for (const portal of portals) {
  test.describe(portal.title, () => {
    test('loads its own shell from the built output', async ({ page }) => {
      await page.goto(portal.origin + '/');
      await expect(page).toHaveTitle(new RegExp(`${portal.title}$`));
      await expect(page.getByRole('main')).toBeVisible();
    });

    test('answers a deep link with its own portal', async ({ page }) => {
      const response = await page.goto(portal.origin + portal.deepLink);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`${portal.title}$`));
      await expect(page.getByRole('main')).toBeVisible();
    });
  });
}
