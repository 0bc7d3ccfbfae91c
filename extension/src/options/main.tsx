import { render } from 'preact';
import { browserPlatform } from '../platform/browser.js';
import { Options } from './Options.js';

// "Track this tracker" in the popup opens the page with the tracker's URL to add.
const add = new URLSearchParams(location.search).get('add');
render(<Options platform={browserPlatform} add={add} />, document.getElementById('app') as HTMLElement);
