// Umi's loading component for lazily loaded routes and the start-up state.
import PageLoading from '@/components/PageLoading';

export default PageLoading;
