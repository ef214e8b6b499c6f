import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';

function App() {
  return (
    <>
      <header className="navbar bg-dark" data-bs-theme="dark">
        <span className="navbar-brand px-3">Organisation Portal</span>
      </header>
      <main className="container py-4">
        <h1>Organisation Portal</h1>
      </main>
    </>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
