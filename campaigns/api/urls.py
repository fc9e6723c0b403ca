"""Routes of the campaigns API (mounted under /api/v1/ by battlecry_site.api.urls)."""
from rest_framework.routers import SimpleRouter

from .views import CampaignPlanViewSet, CampaignViewSet

router = SimpleRouter()
router.register("campaign-plans", CampaignPlanViewSet, basename="campaign-plan")
router.register("campaigns", CampaignViewSet, basename="campaign")

urlpatterns = router.urls
