import CBrace
