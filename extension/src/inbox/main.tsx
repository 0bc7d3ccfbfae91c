import { render } from 'preact';
import { browserPlatform } from '../platform/browser.js';
import { started } from '../ui/early-read.js';
import { Inbox } from './Inbox.js';

const app = document.getElementById('app') as HTMLElement;
const first = await started;
// What vite/kept-first-paint.js painted from last time gives way to the list as stored now, in one frame.
app.replaceChildren();
render(<Inbox platform={browserPlatform} first={first} />, app);
