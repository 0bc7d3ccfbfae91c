import { render } from 'preact';
import { browserPlatform } from '../platform/browser.js';
import { Inbox } from './Inbox.js';

render(<Inbox platform={browserPlatform} />, document.getElementById('app') as HTMLElement);
