/**
 * The login island as the prerenderer writes it, for tests that boot a page: its submit button is
 * disabled in the HTML and sends with formmethod="dialog", so nothing is sent without script.
 */
export const LOGIN_ISLAND = `
  <veil-island data-island="login" data-when="intent" data-id="i0">
    <form noValidate>
      <input name="password" value="hunter2-correct" />
      <button type="submit" formmethod="dialog" disabled>Log in</button>
    </form>
  </veil-island>`;
