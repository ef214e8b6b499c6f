import { lazyModule } from '@/core/lazy';

/** Issue 16: the library form loads when a button that opens it is hovered, focused or clicked. */
export const libraryForm = lazyModule(() => import('./library-form'));
export const LibraryModal = libraryForm.component('LibraryModal');
