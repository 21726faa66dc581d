import os

from django.core.wsgi import get_wsgi_application

from rulings import grading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgetrain.settings")

application = get_wsgi_application()

# The grader loads its second reading on first use (about half a second): pay it at start,
# not on the first answer graded.
grading.warm_up()
