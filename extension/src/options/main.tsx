import { render } from 'preact';
import { browserPlatform } from '../platform/browser.js';
import { Options } from './Options.js';

render(<Options platform={browserPlatform} />, document.getElementById('app') as HTMLElement);
