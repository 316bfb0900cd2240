import pytest

pytestmark = pytest.mark.django_db


def test_openapi_schema_is_openapi_3(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    for path in ("/api/auth/signup/", "/api/auth/tokens/", "/api/me/", "/api/players/"):
        assert path in schema["paths"], path
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_interactive_docs_and_home_page(client):
    assert b"swagger" in client.get("/api/docs/").content.lower()
    home = client.get("/")
    assert home.status_code == 200 and b"Gauntlet" in home.content


def test_health(client):
    body = client.get("/api/health/").json()
    assert body["ok"] is True and body["database"] in ("sqlite", "postgresql")


def test_list_pagination(client, django_user_model):
    for i in range(7):
        django_user_model.objects.create_user(f"p{i}", password="x-Strong-pass-9")
    page = client.get("/api/players/?page_size=3&page=2").json()
    assert page["count"] == 7 and len(page["results"]) == 3
    assert [p["username"] for p in page["results"]] == ["p3", "p4", "p5"]
