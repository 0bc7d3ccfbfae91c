import { render } from 'preact';
import { browserPlatform } from '../platform/browser.js';
import { Inbox } from './Inbox.js';
import { firstRead } from './use-inbox-data.js';

const app = document.getElementById('app') as HTMLElement;
const first = await firstRead(browserPlatform);
// What public/kept-first-paint.js painted from last time gives way to the list as stored now, in one frame.
app.replaceChildren();
render(<Inbox platform={browserPlatform} first={first} />, app);
