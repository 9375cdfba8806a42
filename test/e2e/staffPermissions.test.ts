import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, newPage } from '../helpers/browser';
import { audit } from '../helpers/audit';
import { addSeller } from '../helpers/shopWorld';
import { createUser } from '../helpers/users';
import { onPath, signIn, uniqueEmail } from './steps';
import { useSettingsScene } from './settingsScene';

/**
 * The owner takes the catalog away from staff on the Users page; a staff member then finds no Menu entry and no way
 * to add or change items (the sold-out switches stay), sees the permissions read-only, and gets it back once the
 * owner turns it on again. The Users page passes axe in both hands, and the owner works it by keyboard.
 */
describe.skipIf(!hasChromium())('staff permissions', () => {
  const { env, scene, url, setting } = useSettingsScene();

  it('the owner turns the catalog off and on for staff, and the staff console follows', async () => {
    const staff = await createUser(env.server.ctx, { email: uniqueEmail('staff'), name: 'Sam Staff' });
    await addSeller(env.server.ctx, scene.shopId, staff, 'USER');
    const owner = await newPage(env.browser, DESKTOP);
    const member = await newPage(env.browser, DESKTOP);
    try {
      await signIn(owner.page, env.server, scene.owner.email);
      await onPath(owner.page, '/');
      await owner.page.goto(url('users'));
      const catalog = owner.page.getByRole('switch', { name: 'Edit the catalog' });
      await catalog.waitFor();
      expect(await catalog.isChecked()).toBe(true);
      expect(await owner.page.getByRole('switch', { name: 'Change the bank account and payout schedule' }).isChecked()).toBe(false);
      await audit(owner.page, 'staff-permissions-admin');
      // By keyboard alone: the switch takes Space and Save takes Enter.
      await catalog.focus();
      await owner.page.keyboard.press('Space');
      await expect.poll(() => catalog.isChecked()).toBe(false);
      await owner.page.getByRole('button', { name: 'Save' }).focus();
      await owner.page.keyboard.press('Enter');
      await owner.page.getByText('Saved').first().waitFor();
      expect(await setting('staff_permissions')).toMatchObject({ catalog: false, posts: true, reports: true, bankAccount: false });

      await signIn(member.page, env.server, staff.email);
      await onPath(member.page, '/');
      await member.page.goto(url('items'));
      await member.page.waitForLoadState('networkidle');
      const nav = member.page;
      await nav.getByRole('menuitem', { name: 'Items' }).waitFor();
      expect(await nav.getByRole('menuitem', { name: 'Menu', exact: true }).count()).toBe(0);
      expect(await member.page.getByRole('button', { name: 'New Item' }).count()).toBe(0);
      await member.page.goto(url('users'));
      const readOnly = member.page.getByRole('switch', { name: 'Edit the catalog' });
      await readOnly.waitFor();
      expect(await readOnly.isChecked()).toBe(false);
      expect(await readOnly.isDisabled()).toBe(true);
      await audit(member.page, 'staff-permissions-staff');

      await catalog.check();
      await owner.page.getByRole('button', { name: 'Save' }).click();
      await owner.page.getByText('Saved').first().waitFor();
      await member.page.goto(url('items'));
      await member.page.getByRole('menuitem', { name: 'Menu', exact: true }).waitFor();
      expect(owner.errors).toEqual([]);
      expect(member.errors).toEqual([]);
    } finally {
      await owner.context.close();
      await member.context.close();
    }
  });
});
