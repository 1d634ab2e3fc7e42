import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@splice/react/styles.css';
import './styles/app.css';
import { App } from './app.js';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
